import type { AlarmUpdate, AlarmUpdateRequest } from '../contract/alarms.js';
import type { SiteProxyConnection } from '../controllerProxy/siteProxyConnection.js';
import type { AlarmsStore } from './alarmsStore.js';

/** Alarm polling interval (admin spec §9: 3 s). */
export const ALARM_POLL_MS = 3000;

/**
 * Answers arriving within this long go into the store together: a lone answer (a pushed change) is
 * applied within a frame at 60 Hz.
 */
export const ALARM_BATCH_MS = 16;
/**
 * Store changes are at least this far apart while answers keep coming: 90 sites answering over a
 * second cost about seven store changes and renders, not sixty.
 */
export const ALARM_BURST_MS = 150;

export interface AlarmPollerOptions {
  /** The site sockets to ask (read on every tick, so sites may come and go). */
  connections: () => readonly SiteProxyConnection[];
  store: AlarmsStore;
  /** What to ask for (columns, search, unackedOnly, amount, start, timeframe, selectedTag). */
  request?: () => Omit<AlarmUpdateRequest, 'latestTimestamp'>;
  intervalMs?: number;
}

export interface AlarmPoller {
  /** Asks every logged-in site now (also runs every interval); resolves when all answered. */
  pollNow(): Promise<void>;
  /**
   * Asks one site now (a pushed alarm_changed); when it is still answering an earlier request, asks
   * again as soon as that answer is in, so that no change waits for the next interval.
   */
  pollSite(siteUuid: string): Promise<void>;
  /** Call when the request changes (search, filters): the next answers carry full rows. */
  invalidate(): void;
  stop(): void;
}

/**
 * Every 3 s, emits alarm_getUpdate on each connected site socket and puts the answers in the
 * store. A site still answering the previous tick is skipped; a site whose login failed or whose
 * request failed gets its error in the store.
 */
export function startAlarmPoller(options: AlarmPollerOptions): AlarmPoller {
  const inFlight = new Set<string>();
  /** Sites asked again (pushed change) while a request was in flight. */
  const again = new Set<string>();
  /** Sites whose next answer must carry full rows (the request changed since their last one). */
  const needsFull = new Set<string>();
  let stopped = false;
  const batch = createUpdateBatch(options.store);

  async function pollSite(connection: SiteProxyConnection): Promise<void> {
    if (inFlight.has(connection.siteUuid)) return;
    if (connection.state === 'failed') {
      options.store.getState().setSiteError(connection.siteUuid, connection.lastError ?? 'Failed to login');
      return;
    }
    if (connection.state !== 'logged-in') return;
    inFlight.add(connection.siteUuid);
    const full = needsFull.delete(connection.siteUuid);
    try {
      const latest = options.store.getState().latestBySite[connection.siteUuid];
      const update = await connection.alarmUpdate({
        ...(options.request?.() ?? {}),
        latestTimestamp: full || latest === undefined ? null : latest,
      });
      if (!stopped) await batch.add(update);
    } catch (error) {
      if (!stopped) options.store.getState().setSiteError(connection.siteUuid, (error as Error).message);
    } finally {
      inFlight.delete(connection.siteUuid);
    }
    if (again.delete(connection.siteUuid) && !stopped) await pollSite(connection);
  }

  async function pollNow(): Promise<void> {
    await Promise.all(options.connections().map((connection) => pollSite(connection)));
  }

  const timer = setInterval(() => void pollNow(), options.intervalMs ?? ALARM_POLL_MS);
  void pollNow();
  return {
    pollNow,
    async pollSite(siteUuid) {
      const connection = options.connections().find((item) => item.siteUuid === siteUuid);
      if (!connection) return;
      if (inFlight.has(siteUuid)) {
        again.add(siteUuid);
        return;
      }
      await pollSite(connection);
    },
    invalidate() {
      for (const connection of options.connections()) needsFull.add(connection.siteUuid);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      batch.drop();
    },
  };
}

/**
 * Collects answers, then applies them in one store change: ALARM_BATCH_MS after the first one, and
 * never sooner than ALARM_BURST_MS after the previous change. `add` resolves once applied.
 */
function createUpdateBatch(store: AlarmsStore) {
  let pending: AlarmUpdate[] = [];
  let flushed: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let release: () => void = () => undefined;
  let lastAppliedAt = -Infinity;
  return {
    add(update: AlarmUpdate): Promise<void> {
      pending.push(update);
      flushed ??= new Promise<void>((resolve) => {
        release = resolve;
        // performance.now(): a wall clock set back must not hold the answers for an hour.
        const wait = Math.min(ALARM_BURST_MS, Math.max(ALARM_BATCH_MS, lastAppliedAt + ALARM_BURST_MS - performance.now()));
        timer = setTimeout(() => {
          const updates = pending;
          pending = [];
          flushed = null;
          timer = null;
          lastAppliedAt = performance.now();
          store.getState().applyUpdates(updates);
          resolve();
        }, wait);
      });
      return flushed;
    },
    /** The poller stopped: nothing more is applied, and nobody waits. */
    drop(): void {
      if (timer) clearTimeout(timer);
      pending = [];
      flushed = null;
      timer = null;
      release();
    },
  };
}
