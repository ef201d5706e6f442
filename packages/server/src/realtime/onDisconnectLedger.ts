import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';
import { joinKeys, parsePath } from './paths.js';
import { resolveServerValues } from './serverValues.js';
import type { RealtimeStore } from './store.js';
import type { Tx } from '../storage/transaction.js';
import { normalizeValue } from './values.js';

/** A write a connection asked for when it goes away: `set` replaces, `merge` updates children. */
export interface OnDisconnectOp {
  kind: 'set' | 'merge';
  path: string;
  value: unknown;
}

/**
 * The onDisconnect writes of this node's connections, kept in the database too (realtime_on_disconnect),
 * so that they still happen when the node crashes: the leader applies the writes of nodes whose
 * heartbeat (cluster_nodes) has gone stale. A connection that closes normally applies its own and
 * forgets them here.
 */
export interface OnDisconnectLedger {
  /** The connection's queued writes are now `ops` (replaces what was kept for it). */
  keep(sessionId: string, ops: readonly OnDisconnectOp[]): Promise<void>;
  forget(sessionId: string): Promise<void>;
}

export function createOnDisconnectLedger(db: Db, node: string): OnDisconnectLedger {
  return {
    async keep(sessionId, ops) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('realtime_on_disconnect').where('session_id', '=', sessionId).execute();
        if (ops.length === 0) return;
        await trx
          .insertInto('realtime_on_disconnect')
          .values(ops.map((op, seq) => ({ session_id: sessionId, seq, node, kind: op.kind, path: op.path, value: JSON.stringify(op.value) })))
          .execute();
      });
    },
    async forget(sessionId) {
      await db.deleteFrom('realtime_on_disconnect').where('session_id', '=', sessionId).execute();
    },
  };
}

/** Applies one onDisconnect write with the server values (timestamps, increments) of this moment. */
export async function applyOnDisconnectOp(store: RealtimeStore, clock: Clock, op: OnDisconnectOp, tx: Tx): Promise<void> {
  const resolve = async (value: unknown, path: string) =>
    normalizeValue(await resolveServerValues(value, path, (at) => store.get(at, tx), clock.now()), path);
  if (op.kind === 'set') {
    await store.set(op.path, await resolve(op.value, op.path), tx);
    return;
  }
  const children: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(op.value as Record<string, unknown>)) {
    children[key] = await resolve(value, op.path + joinKeys(parsePath(key)));
  }
  await store.update(op.path, children, tx);
}

/** A node whose heartbeat is older than this has stopped without closing its connections. */
export const NODE_STALE_MS = 20_000;

/**
 * The leader's part: every onDisconnect write of a node that stopped touching its heartbeat (crashed)
 * is applied once (the row is deleted in the write's own transaction) and the dead node forgotten.
 * Resolves to how many writes were applied.
 */
export async function replayOrphanedOnDisconnect(db: Db, store: RealtimeStore, clock: Clock, onError: (error: unknown) => void): Promise<number> {
  const now = Date.now();
  const live = db.selectFrom('cluster_nodes').select('node').where('heartbeat_at', '>', now - NODE_STALE_MS);
  const rows = (await db
    .selectFrom('realtime_on_disconnect')
    .select(['session_id', 'seq', 'node', 'kind', 'path', 'value'])
    .where('node', 'not in', live)
    .orderBy('session_id')
    .orderBy('seq')
    .execute()) as Array<{ session_id: string; seq: number; node: string; kind: 'set' | 'merge'; path: string; value: string }>;
  let applied = 0;
  for (const row of rows) {
    try {
      await store.atomically(async (tx) => {
        // Claimed by its delete: of two leaders for a moment, one applies it.
        const claimed = await tx.db.deleteFrom('realtime_on_disconnect').where('session_id', '=', row.session_id).where('seq', '=', row.seq).executeTakeFirst();
        if (touched(claimed) === 0) return;
        await applyOnDisconnectOp(store, clock, { kind: row.kind, path: row.path, value: JSON.parse(row.value) as unknown }, tx);
        applied += 1;
      });
    } catch (error) {
      onError(error);
    }
  }
  await db.deleteFrom('cluster_nodes').where('heartbeat_at', '<=', now - NODE_STALE_MS).execute();
  return applied;
}

/** This node's heartbeat, touched every few seconds while it runs; removed when it stops on purpose. */
export function startNodeHeartbeat(db: Db, node: string, onError: (error: unknown) => void, everyMs = 5000) {
  const beat = () =>
    db
      .insertInto('cluster_nodes')
      .values({ node, heartbeat_at: Date.now() })
      .onConflict((oc) => oc.column('node').doUpdateSet({ heartbeat_at: Date.now() }))
      .execute()
      .then(() => undefined, onError);
  let beating: Promise<void> = beat();
  const timer = setInterval(() => {
    beating = beat();
  }, everyMs);
  timer.unref?.();
  return {
    first: beating,
    async stop() {
      clearInterval(timer);
      await beating;
      await db.deleteFrom('cluster_nodes').where('node', '=', node).execute().catch(onError);
    },
  };
}

/** On the leader: looks for crashed nodes' onDisconnect writes every few seconds. */
export function startOnDisconnectReplay(db: Db, store: RealtimeStore, clock: Clock, onError: (error: unknown) => void, everyMs = 5000) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = replayOrphanedOnDisconnect(db, store, clock, onError).catch(onError).finally(() => (running = null));
  }, everyMs);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
