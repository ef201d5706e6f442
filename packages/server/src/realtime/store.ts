import { type Db, engineOfDb } from '../storage/db.js';
import { type Tx, deferredWork, lockForTransaction, withinTransaction } from '../storage/transaction.js';
import { InvalidPathError, ancestorsOf, canonicalAncestorsOf, joinKeys, parsePath, relativeKeys } from './paths.js';
import type { RealtimeTree } from './tree.js';
import { type Leaf, InvalidValueError, forEachLeaf, normalizeValue, valueFromLeaves } from './values.js';
import type { RealtimeChange, RealtimeChangeListener } from './change.js';
import { type ChangeRecord, type PendingWrite, PendingWrites } from './pendingWrites.js';
import { type LeafRow, TransactionReads } from './transactionReads.js';
import { deleteLeaves, deleteLeavesOnPostgres } from './deleteLeaves.js';
import { insertTogether } from '../storage/insertTogether.js';
import { holdForCommit } from '../storage/deferredInserts.js';
import { leavesUnder } from './readLeaves.js';
import { managedUserEntryPaths } from './managedUserEntries.js';

export type { RealtimeChange, RealtimeChangeListener } from './change.js';

export interface RealtimeStore extends RealtimeTree {
  /** Calls `listener` after each committed write, before the write returns; returns the unsubscribe. */
  onChange(listener: RealtimeChangeListener): () => void;
  /**
   * Another node's write (PostgreSQL, realtime_changes row `id`): read what is there now and tell the
   * listeners, as for a write of this node. Resolves to false when the row is gone (cleaned up).
   */
  heardFromCluster(id: number): Promise<boolean>;
  /** Every other node's write recorded since `since` (ms), in order: after the LISTEN connection was lost. */
  catchUp(since: number): Promise<number>;
  /**
   * Runs reads and writes (given the Tx) as one transaction: a compare-and-set, an increment. With
   * `coalesceWrites`, writes are held back and stored together when a read needs them or at the end
   * (a client's run of writes); reads through this store still see them.
   */
  atomically<T>(work: (tx: Tx) => Promise<T>, options?: { coalesceWrites?: boolean }): Promise<T>;
}


/**
 * The realtime database kept in the cloud's database, one row per leaf (see migrations/010-realtime.ts).
 * Every write is one transaction and listeners hear of it only after the commit, so nothing is pushed
 * or acknowledged that a crash could lose. Descendants of `/a` are the rows in [`/a/`, `/a0`): `0`
 * follows `/` in byte order, and keys cannot contain `/`.
 */
export function createRealtimeStore(db: Db, clock: { now(): number } = Date): RealtimeStore {
  const listeners = new Set<RealtimeChangeListener>();
  /**
   * On PostgreSQL other nodes may serve listeners of this data: every write records where it wrote, in
   * its own transaction; the row's insert NOTIFYs them (migration 210) and they read the values anew.
   */
  const clustered = engineOfDb(db) === 'postgres';
  function changeRows(changes: readonly ChangeRecord[]): Array<Record<string, unknown>> {
    if (!clustered) return [];
    const at = clock.now();
    return changes.map((change) => ({ kind: change.kind, path: change.path, children: change.children ? JSON.stringify(change.children) : null, at }));
  }
  /** What a recorded write changed, read as it is now (a later write may have changed it again: that one follows). */
  async function changeOf(row: { kind: string; path: string; children: string | null }): Promise<RealtimeChange> {
    const value = await store.get(row.path);
    if (row.kind === 'set') return { kind: 'set', path: row.path, value };
    const children: Record<string, unknown> = {};
    for (const relative of JSON.parse(row.children ?? '[]') as string[]) children[relative] = valueAtKeys(value, relative.split('/'));
    return { kind: 'merge', path: row.path, children };
  }
  /**
   * On PostgreSQL two transactions run side by side: a compare-and-set or an increment could read a
   * value another write is replacing. Every realtime write transaction takes one advisory lock first, so
   * they follow one another as on SQLite (whose single connection already serialises them).
   */
  const serialise = lockRealtimeWrites;
  /**
   * Replaces everything at and below each path with its normalized value (null deletes), and records
   * the changes for other nodes. The paths do not overlap (rejectOverlaps), so all deletes can go first
   * and all inserts after, in a few statements however many paths a merge names (the simulation writes
   * hundreds of tag values at once). On PostgreSQL the DELETE, then one statement for the leaves and the
   * change rows; as the transaction ends (`atCommit`), the one that stores every row it holds.
   */
  async function writeAll(tx: Tx, writes: ReadonlyArray<readonly [string, unknown]>, changes: readonly ChangeRecord[], ancestors = ancestorsOfValues(writes), atCommit = false): Promise<void> {
    await serialise(tx);
    const rows: LeafRow[] = [];
    for (const [path, value] of writes) {
      if (value !== null) forEachLeaf(value, (keys, leaf) => rows.push({ path: path + joinKeys(keys), value: JSON.stringify(leaf) }));
    }
    const paths = writes.map(([path]) => path);
    if (clustered) {
      // Its own statement: inserting in the DELETE's statement the keys it deletes made a membership
      // PATCH's writes a third slower on PostgreSQL.
      await tx.db.executeQuery(deleteLeavesOnPostgres(tx.db, paths, ancestors));
      const inserts = [{ table: 'realtime_leaves', rows }, { table: 'realtime_changes', rows: changeRows(changes) }];
      // As the transaction ends, with the other rows it holds: one statement for them all.
      if (atCommit && holdForCommit(tx, inserts)) return;
      await insertTogether(tx, inserts);
      return;
    }
    await deleteLeaves(tx, paths, ancestors);
    await insertTogether(tx, [{ table: 'realtime_leaves', rows }]);
  }

  /** The writes `tx` holds back for this store: only in a transaction whose runner defers work. */
  function heldIn(tx: Tx | undefined, create: boolean): PendingWrites | undefined {
    const deferred = tx?.deferred;
    let pending = deferred?.state.get(store) as PendingWrites | undefined;
    if (deferred && !pending && create) {
      const created = (pending = new PendingWrites());
      deferred.state.set(store, created);
      deferred.beforeCommit((at) => (created.isEmpty ? Promise.resolve() : storeHeld(at, created, true)));
    }
    return pending;
  }

  /** What `tx` read of this store, when its runner defers work (and so holds the realtime lock throughout). */
  const readsKey = {};
  function readsIn(tx: Tx | undefined): TransactionReads | undefined {
    const deferred = tx?.deferred;
    if (!deferred) return undefined;
    let reads = deferred.state.get(readsKey) as TransactionReads | undefined;
    if (!reads) deferred.state.set(readsKey, (reads = new TransactionReads()));
    return reads;
  }

  /** A set, update or setMany in `tx`, or in a transaction of its own: a few statements, whatever its size. */
  async function apply(write: PendingWrite, tx?: Tx): Promise<void> {
    readsIn(tx)?.forget(write.paths.map(([path]) => path));
    const pending = heldIn(tx, true);
    if (tx && pending) {
      if (pending.add(write)) return;
      await storeHeld(tx, pending);
      pending.add(write);
      return;
    }
    await withinTransaction(db, tx, async (inner) => {
      await writeAll(inner, write.paths, write.changes);
      inner.afterCommit(() => {
        for (const change of write.emits) emit(change);
      });
    });
  }

  async function storeHeld(tx: Tx, pending: PendingWrites, atCommit = false): Promise<void> {
    const { paths, ancestors, changes, emits } = pending.drain();
    await writeAll(tx, paths, changes, ancestors, atCommit);
    tx.afterCommit(() => {
      for (const change of emits) emit(change);
    });
  }

  function emit(change: RealtimeChange): void {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        // The write is committed; a failing listener must not make the writer believe otherwise.
        console.error('realtime change listener failed', error);
      }
    }
  }

  const store: RealtimeStore = {
    async heardFromCluster(id) {
      const row = (await db.selectFrom('realtime_changes').select(['kind', 'path', 'children']).where('id', '=', id).executeTakeFirst()) as
        | { kind: string; path: string; children: string | null }
        | undefined;
      if (!row) return false;
      emit(await changeOf(row));
      return true;
    },

    async catchUp(since) {
      const rows = (await db.selectFrom('realtime_changes').select(['kind', 'path', 'children']).where('at', '>=', since).orderBy('id').execute()) as Array<{
        kind: string;
        path: string;
        children: string | null;
      }>;
      for (const row of rows) emit(await changeOf(row));
      return rows.length;
    },

    async get(path, tx) {
      return (await store.getMany([path], tx))[0];
    },

    async getMany(paths, tx) {
      const canonical = paths.map((path) => joinKeys(parsePath(path)));
      if (canonical.length === 0) return [];
      const pending = heldIn(tx, false);
      if (tx && pending && canonical.some((path) => pending.touches(path))) await storeHeld(tx, pending);
      const reads = readsIn(tx);
      let rows = reads?.rowsOf(canonical);
      if (!rows) {
        rows = await leavesUnder(tx?.db ?? db, canonical);
        reads?.remember(canonical, rows);
      }
      // Each row to the roots it lies at or below, by its ancestors: not a scan of every row per root.
      const leavesOf = new Map<string, Array<{ keys: string[]; leaf: Leaf }>>(canonical.map((root) => [root, []]));
      for (const row of rows) {
        for (const root of [row.path, ...canonicalAncestorsOf(row.path)]) leavesOf.get(root)?.push({ keys: relativeKeys(row.path, root), leaf: JSON.parse(row.value) as Leaf });
      }
      return canonical.map((root) => valueFromLeaves(leavesOf.get(root)!));
    },

    async managedUserEntryPaths(users, tx) {
      if (users.length === 0) return [];
      const pending = heldIn(tx, false);
      if (tx && pending && pending.touches('/users')) await storeHeld(tx, pending);
      return managedUserEntryPaths(tx?.db ?? db, users);
    },

    async set(path, value, tx) {
      const canonical = joinKeys(parsePath(path));
      const normalized = normalizeValue(value, canonical);
      await apply({ paths: [[canonical, normalized]], changes: [{ kind: 'set', path: canonical }], emits: [{ kind: 'set', path: canonical, value: normalized }] }, tx);
    },

    async setMany(writes, tx) {
      const normalized = writes.map(([path, value]) => {
        const canonical = joinKeys(parsePath(path));
        return [canonical, normalizeValue(value, canonical)] as const;
      });
      rejectOverlaps(normalized.map(([canonical]) => canonical));
      if (normalized.length === 0) return;
      await apply(
        {
          paths: normalized,
          changes: normalized.map(([path]) => ({ kind: 'set', path })),
          emits: normalized.map(([path, value]) => ({ kind: 'set', path, value })),
        },
        tx,
      );
    },

    async update(path, values, tx) {
      const canonical = joinKeys(parsePath(path));
      if (values === null || typeof values !== 'object' || Array.isArray(values)) {
        throw new InvalidValueError('An update takes an object of children');
      }
      const writes: Array<[string, unknown]> = [];
      const children: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(values)) {
        const relative = parsePath(key);
        const full = canonical + joinKeys(relative);
        const normalized = normalizeValue(value, full);
        writes.push([full, normalized]);
        children[relative.join('/')] = normalized;
      }
      rejectOverlaps(writes.map(([full]) => full));
      if (writes.length === 0) return;
      await apply(
        { paths: writes, changes: [{ kind: 'merge', path: canonical, children: Object.keys(children) }], emits: [{ kind: 'merge', path: canonical, children }] },
        tx,
      );
    },

    atomically: (work, options) =>
      withinTransaction(db, undefined, async (tx) => {
        await serialise(tx);
        if (!options?.coalesceWrites) return work(tx);
        const deferred = deferredWork();
        const result = await work({ ...tx, deferred });
        await deferred.finish({ ...tx, deferred });
        return result;
      }),

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/** The value at `keys` below `value` (null when absent), as the SDK would read a child. */
function valueAtKeys(value: unknown, keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[key] ?? null;
  }
  return current ?? null;
}

/**
 * Holds back every other realtime write until `tx` ends. Services whose check reads realtime data and
 * then writes it (licences) take it first, so their check still holds when they write.
 */
export function lockRealtimeWrites(tx: Tx): Promise<void> {
  return lockForTransaction(tx, 'realtime writes');
}

/** The paths above the values written (a primitive stored there becomes an object holding the new child). */
function ancestorsOfValues(writes: ReadonlyArray<readonly [string, unknown]>): string[] {
  const ancestors = new Set<string>();
  for (const [path, value] of writes) if (value !== null) for (const ancestor of ancestorsOf(path)) ancestors.add(ancestor);
  return [...ancestors];
}

/** Firebase rejects an update whose keys overlap (`a` and `a/b`): the outcome would depend on order. */
function rejectOverlaps(paths: string[]): void {
  const seen = new Set<string>();
  for (const path of paths) {
    if (seen.has(path)) throw new InvalidPathError(`Update paths repeat "${path || '/'}"`);
    seen.add(path);
  }
  for (const path of paths) {
    const ancestor = ancestorsOf(path).find((candidate) => seen.has(candidate));
    if (ancestor !== undefined) {
      throw new InvalidPathError(`Update paths overlap: "${ancestor || '/'}" and "${path}"`);
    }
  }
}
