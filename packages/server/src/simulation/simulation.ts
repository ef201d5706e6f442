import type { Historian } from '../historian/historianStore.js';
import { writeLiveValues } from './liveValues.js';
import type { SimulationState } from '@varde/core/contract';
import type { AlarmService } from '../alarms/alarmStore.js';
import type { Clock } from '../clock.js';
import { allSites } from '../controllers/sites.js';
import type { RealtimeTree } from '../realtime/tree.js';
import { DEMO_ALARMS, DEMO_TAGS } from '../seed/demoCatalogue.js';
import { setSiteTagValue } from '../search/siteTags.js';
import type { Db } from '../storage/db.js';
import { PORTAL_STATUS, setSiteConnection, writePortalStatus } from './siteStatus.js';

/** What one step did (tests and logs read it). */
export type SimulationEvent =
  | { kind: 'alarm-raised' | 'alarm-cleared' | 'alarm-acknowledged'; siteUuid: string; alarmId: string }
  | { kind: 'site-offline' | 'site-online' | 'status-changed' | 'tag-changed'; siteUuid: string };

/**
 * The demo's life. Each step, at the cloud clock's time: alarms of classes A, B and C are raised on
 * online sites and cleared or acknowledged after a while, a site drops off or comes back, a status
 * text changes, tag values move. Unavailable sites (webpmpReady null) are left alone.
 * It does nothing until started or stepped: tests step it by hand, `varde-cloud` starts it.
 * Steps run one at a time: the timer's next step and steps asked for by hand wait for the one before.
 */
export interface Simulation {
  readonly running: boolean;
  /** Runs a step `intervalMs` (default 5 s) after the previous one has finished, until stopped. */
  start(intervalMs?: number): void;
  /** No further timed step; resolves once a step in progress has finished (close the db after that). */
  stop(): Promise<void>;
  /** Runs `count` steps (after any in progress) and returns what they did. */
  step(count?: number): Promise<SimulationEvent[]>;
  state(): SimulationState;
}

export interface SimulationDeps {
  db: Db;
  clock: Clock;
  realtime: RealtimeTree;
  alarms: AlarmService;
  /** Seed of the pseudo-random choices, so a run can be repeated. */
  seed?: number;
  onError?: (error: unknown) => void;
  /** Runs after every step (the notification rule engine); the step ends when it has. */
  afterStep?: () => unknown;
  /** The online sites' series, whose current values each step writes to the realtime database. */
  historian?: Historian;
}

/** mulberry32: small, fast, good enough to make a demo look alive. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHANCE = {
  raise: 0.5,
  clearEachActive: 0.03,
  ackEachCleared: 0.1,
  ackEachActive: 0.02,
  dropOff: 0.06,
  comeBack: 0.08,
  statusChange: 0.1,
  tagChangesPerStep: 3,
};

export function createSimulation(deps: SimulationDeps): Simulation {
  const random = randomFrom(deps.seed ?? 1);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let steps = 0;
  /** The steps asked for so far, one after another (a failed one does not stop the next). */
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const done = queue.then(work);
    queue = done.catch(() => undefined);
    return done;
  };

  async function stepOnce(): Promise<SimulationEvent[]> {
    const events: SimulationEvent[] = [];
    const sites = await allSites(deps.db);
    // Kept current through the step: a site that drops off gets no status change, tag or live value after it.
    let online = sites.filter((site) => site.webpmpReady === true);
    const offline = sites.filter((site) => site.webpmpReady === false);

    if (random() < CHANCE.raise) {
      const site = pick(online);
      const template = pick(DEMO_ALARMS);
      if (site && template) {
        const row = await deps.alarms.raise({ siteUuid: site.uuid, ...template });
        events.push({ kind: 'alarm-raised', siteUuid: site.uuid, alarmId: row.id });
      }
    }
    for (const id of await deps.alarms.activeIds()) {
      if (random() >= CHANCE.clearEachActive) continue;
      const row = await deps.alarms.clear(id);
      if (row) events.push({ kind: 'alarm-cleared', siteUuid: row.siteUuid, alarmId: id });
    }
    // The unacknowledged alarms in one read (not one per alarm), taken in id order as before.
    const unacked = (await deps.alarms.list({ siteUuids: null, unackedOnly: true })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const row of unacked) {
      if (random() >= (row.inactive === null ? CHANCE.ackEachActive : CHANCE.ackEachCleared)) continue;
      await deps.alarms.acknowledge(row.id, 'vaktsentral');
      events.push({ kind: 'alarm-acknowledged', siteUuid: row.siteUuid, alarmId: row.id });
    }
    if (random() < CHANCE.dropOff) {
      const site = pick(online);
      if (site) {
        await setSiteConnection(deps, site.uuid, false);
        online = online.filter((candidate) => candidate !== site);
        events.push({ kind: 'site-offline', siteUuid: site.uuid });
      }
    }
    if (random() < CHANCE.comeBack) {
      const site = pick(offline);
      if (site) {
        await setSiteConnection(deps, site.uuid, true);
        online = [...online, site];
        events.push({ kind: 'site-online', siteUuid: site.uuid });
      }
    }
    if (random() < CHANCE.statusChange) {
      const site = pick(online);
      if (site) {
        const current = await deps.realtime.get(`/controllers/${site.uuid}/tags/portalStatusText/v`);
        await writePortalStatus(deps.realtime, site.uuid, current === PORTAL_STATUS.maintenance.text ? PORTAL_STATUS.normal : PORTAL_STATUS.maintenance);
        events.push({ kind: 'status-changed', siteUuid: site.uuid });
      }
    }
    for (let i = 0; i < CHANCE.tagChangesPerStep; i += 1) {
      const site = pick(online);
      const tag = pick(DEMO_TAGS);
      const value = tag && pick(tag.values);
      if (site && tag && value && (await setSiteTagValue(deps.db, site.uuid, tag.name, value, deps.clock.now(), 'simulering'))) {
        events.push({ kind: 'tag-changed', siteUuid: site.uuid });
      }
    }
    if (deps.historian) await writeLiveValues(deps.realtime, deps.historian, online.map((site) => site.uuid), deps.clock.now(), steps);
    steps += 1;
    await deps.afterStep?.();
    return events;
  }

  /** The next timed step, `intervalMs` after the previous one ended (never two at once). */
  function schedule(intervalMs: number): void {
    timer = setTimeout(() => {
      timer = null;
      inTurn(stepOnce)
        .catch((error: unknown) => deps.onError?.(error))
        .finally(() => {
          // Stopped meanwhile: nothing more; stopped and started again: that start has its own timer.
          if (running && timer === null) schedule(intervalMs);
        });
    }, intervalMs);
    // The simulation alone never keeps the process alive.
    timer.unref?.();
  }

  return {
    get running() {
      return running;
    },
    start(intervalMs = 5000) {
      if (running) return;
      running = true;
      if (timer === null) schedule(intervalMs);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await queue;
    },
    step(count = 1) {
      return inTurn(async () => {
        const events: SimulationEvent[] = [];
        for (let i = 0; i < count; i += 1) events.push(...(await stepOnce()));
        return events;
      });
    },
    state: () => ({ running, steps }),
  };
}
