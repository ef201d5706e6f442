import type pg from 'pg';
import type { StorageLocation } from '../storage/db.js';
import { openDedicatedClient } from './dedicatedClient.js';

/** What another node committed, as PostgreSQL's NOTIFY payloads carry it (see migration 210). */
export type ClusterNotice =
  | { channel: 'varde_alarm'; siteUuid: string; alarmId: string }
  | { channel: 'varde_session' }
  | { channel: 'varde_realtime'; id: number }
  | { channel: 'varde_setting'; name: string }
  /**
   * Something a token's check reads changed (migration 330); heard from this node too. `marker`: one this
   * node sent itself to learn that its earlier notices have gone out (cluster/callerWritesHeard.ts).
   */
  | { channel: 'varde_caller'; marker?: string }
  /** A site changed or went (migration 331); heard from this node too. */
  | { channel: 'varde_site' };

export const CLUSTER_CHANNELS = ['varde_alarm', 'varde_session', 'varde_realtime', 'varde_setting', 'varde_caller', 'varde_site'] as const;

/** After a lost LISTEN connection, the next try waits this long (then doubles, up to 10 s). */
const FIRST_RECONNECT_MS = 500;

export interface ClusterListenerHandlers {
  notice(notice: ClusterNotice): void;
  /**
   * The LISTEN connection is (back) up after being lost at `lostAt` (ms): notifications sent meanwhile
   * are gone (PostgreSQL does not replay them), so read what changed since.
   */
  resync(lostAt: number): void;
}

/** This node's application_name on every connection of its pool: NOTIFY payloads name their writer. */
export function applicationNameOf(nodeId: string): string {
  return `varde ${nodeId}`.slice(0, 63);
}

/**
 * One dedicated connection that LISTENs on the cluster's channels (a LISTEN lives as long as its
 * session, so never a pooled connection). It reconnects when lost, LISTENs again and asks for a resync.
 * Notices written by this node itself are skipped (it told its own sockets after its commit), but for
 * varde_caller and varde_site: their commit is what the node's caches wait for.
 */
export function startClusterListener(storage: StorageLocation, nodeId: string, handlers: ClusterListenerHandlers, onError: (error: unknown) => void) {
  if (storage.kind !== 'postgres') return { close: async () => undefined, connected: () => true };
  const url = storage.url;
  const self = applicationNameOf(nodeId);
  let client: pg.Client | null = null;
  let closed = false;
  let lostAt: number | null = null;
  let retryMs = FIRST_RECONNECT_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const lost = (error?: unknown) => {
    if (closed) return;
    if (error) onError(error);
    const old = client;
    client = null;
    lostAt ??= Date.now();
    void old?.end().catch(() => undefined);
    if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        void connect();
      }, retryMs);
      timer.unref?.();
      retryMs = Math.min(retryMs * 2, 10_000);
    }
  };

  async function connect(): Promise<void> {
    let next: pg.Client | null = null;
    try {
      next = await openDedicatedClient(url, (error) => {
        if (client === next) lost(error);
      }, { queriesMayWait: true, name: `varde listen ${nodeId}` });
      next.on('end', () => {
        if (client === next) lost();
      });
      next.on('notification', (message) => {
        const notice = parse(message.channel, message.payload, self);
        if (notice) handlers.notice(notice);
      });
      for (const channel of CLUSTER_CHANNELS) await next.query(`LISTEN ${channel}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      retryMs = FIRST_RECONNECT_MS;
      if (lostAt !== null) {
        const since = lostAt;
        lostAt = null;
        handlers.resync(since);
      }
    } catch (error) {
      await next?.end().catch(() => undefined);
      lost(error);
    }
  }

  const ready = connect();
  return {
    /** Whether the LISTEN connection is up now. */
    connected: () => client !== null,
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready;
      const old = client;
      client = null;
      await old?.end().catch(() => undefined);
    },
  };
}

function parse(channel: string, payload: string | undefined, self: string): ClusterNotice | null {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(payload ?? '') as Record<string, unknown>;
  } catch {
    return null;
  }
  if (channel === 'varde_caller') return body.n === self && typeof body.e === 'string' ? { channel, marker: body.e } : { channel };
  if (channel === 'varde_site') return { channel };
  if (body.n === self) return null;
  if (channel === 'varde_alarm' && typeof body.s === 'string' && typeof body.a === 'string') return { channel, siteUuid: body.s, alarmId: body.a };
  if (channel === 'varde_session') return { channel };
  if (channel === 'varde_realtime' && (typeof body.i === 'number' || typeof body.i === 'string')) return { channel, id: Number(body.i) };
  if (channel === 'varde_setting' && typeof body.k === 'string') return { channel, name: body.k };
  return null;
}
