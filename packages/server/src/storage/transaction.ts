import { sql } from 'kysely';
import { type Db, engineOfDb } from './db.js';

/**
 * A transaction in progress: `db` runs queries inside it, and `afterCommit` defers what others may see
 * only once the writes are durable (realtime pushes, answers). Code that may run inside a transaction
 * takes an optional Tx and uses `tx.db`; without one it opens its own.
 */
export interface Tx {
  db: Db;
  afterCommit(hook: () => void): void;
  /** Advisory locks this transaction holds already (lockForTransaction takes each once). */
  held?: Set<string>;
  /**
   * Present when the runner of this transaction lets writes be held back and stored together just
   * before it commits (the realtime store's coalesced writes); absent, every write is made at once.
   */
  deferred?: DeferredWork;
}

export interface DeferredWork {
  /** What a service holds for this transaction, under a key of its own. */
  readonly state: Map<object, unknown>;
  /** Runs `work` inside the transaction just before it commits, with the Tx the runner gives then. */
  beforeCommit(work: (tx: Tx) => Promise<void>): void;
  /** Runs `work` after every beforeCommit work, those added meanwhile too (the held rows' INSERT, which they add to). */
  lastBeforeCommit(work: (tx: Tx) => Promise<void>): void;
}

/** Deferred work for a transaction; its runner calls `finish` before committing. */
export function deferredWork(): DeferredWork & { finish(tx: Tx): Promise<void> } {
  const pending: Array<(tx: Tx) => Promise<void>> = [];
  const last: Array<(tx: Tx) => Promise<void>> = [];
  return {
    state: new Map(),
    beforeCommit: (work) => pending.push(work),
    lastBeforeCommit: (work) => last.push(work),
    async finish(tx) {
      while (pending.length > 0) await pending.shift()!(tx);
      while (last.length > 0) await last.shift()!(tx);
    },
  };
}

/**
 * Runs `work` in one transaction and then, after the commit, the hooks it registered. A rollback runs
 * none of them. Never query the outer Db inside `work`: on SQLite that waits for ever (one connection),
 * on PostgreSQL it runs outside the transaction.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: Array<() => void> = [];
  const result = await db.transaction().execute((trx) => work({ db: trx, afterCommit: (hook) => hooks.push(hook), held: new Set() }));
  runHooks(hooks);
  return result;
}

/** Runs `work` inside `tx` when given (its hooks wait for that commit), else in a transaction of its own. */
export function withinTransaction<T>(db: Db, tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? work(tx) : inTransaction(db, work);
}

export function runHooks(hooks: Array<() => void>): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch (error) {
      // The write is committed; a failing listener must not make the writer believe otherwise.
      console.error('after-commit hook failed', error);
    }
  }
}

/**
 * Makes transactions that name the same `key` follow one another until they end. SQLite runs one
 * transaction at a time anyway; on PostgreSQL this is an advisory lock on the key's hash, for
 * check-then-write steps whose rows do not exist yet (nothing to lock with SELECT … FOR UPDATE).
 */
export async function lockForTransaction(tx: Tx, key: string): Promise<void> {
  if (tx.held?.has(key) || engineOfDb(tx.db) !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(tx.db);
  // Held until the transaction ends: asking again (a second realtime write in it) needs no round trip.
  tx.held?.add(key);
}
