import type { Db } from '../storage/db.js';
import { InvalidPathError, ancestorsOf, joinKeys, parsePath, relativeKeys } from './paths.js';
import type { RealtimeTree } from './tree.js';
import { type Leaf, InvalidValueError, forEachLeaf, normalizeValue, valueFromLeaves } from './values.js';

/**
 * A committed write, as the wire server pushes it. Paths are canonical (`/a/b`, root `''`); values
 * are normalized (what the SDK would cache). A merge's children are keyed by slash paths relative
 * to `path` (`'b/c'`), each replacing the value there.
 */
export type RealtimeChange =
  | { kind: 'set'; path: string; value: unknown }
  | { kind: 'merge'; path: string; children: Record<string, unknown> };

export type RealtimeChangeListener = (change: RealtimeChange) => void;

export interface RealtimeStore extends RealtimeTree {
  /** Calls `listener` after each committed write, before the write returns; returns the unsubscribe. */
  onChange(listener: RealtimeChangeListener): () => void;
}

interface LeafRow {
  path: string;
  value: string;
}

/**
 * The realtime database kept in SQLite, one row per leaf (see migrations/010-realtime.ts). Every
 * write is one transaction and listeners hear of it only after the commit, so nothing is pushed or
 * acknowledged that a crash could lose. Descendants of `/a` are the rows in [`/a/`, `/a0`): `0`
 * follows `/` in byte order, and keys cannot contain `/`.
 */
export function createRealtimeStore(db: Db): RealtimeStore {
  const selectSubtree = db.prepare<[string, string, string], LeafRow>(
    'SELECT path, value FROM realtime_leaves WHERE path = ? OR (path >= ? AND path < ?)',
  );
  const deleteSubtree = db.prepare<[string, string, string]>(
    'DELETE FROM realtime_leaves WHERE path = ? OR (path >= ? AND path < ?)',
  );
  const deleteLeaf = db.prepare<[string]>('DELETE FROM realtime_leaves WHERE path = ?');
  const insertLeaf = db.prepare<[string, string]>('INSERT INTO realtime_leaves (path, value) VALUES (?, ?)');
  const listeners = new Set<RealtimeChangeListener>();

  /** Replaces everything at and below `path` with a normalized value (null deletes). */
  function writeAt(path: string, value: unknown): void {
    deleteSubtree.run(path, `${path}/`, `${path}0`);
    if (value === null) return;
    // A primitive stored above becomes an object holding the new child.
    for (const ancestor of ancestorsOf(path)) deleteLeaf.run(ancestor);
    forEachLeaf(value, (keys, leaf) => insertLeaf.run(path + joinKeys(keys), JSON.stringify(leaf)));
  }

  const setInTransaction = db.transaction((path: string, value: unknown) => writeAt(path, value));
  const mergeInTransaction = db.transaction((writes: Array<[string, unknown]>) => {
    for (const [path, value] of writes) writeAt(path, value);
  });

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

  return {
    get(path) {
      const canonical = joinKeys(parsePath(path));
      const rows = selectSubtree.all(canonical, `${canonical}/`, `${canonical}0`);
      return valueFromLeaves(
        rows.map((row) => ({ keys: relativeKeys(row.path, canonical), leaf: JSON.parse(row.value) as Leaf })),
      );
    },

    set(path, value) {
      const canonical = joinKeys(parsePath(path));
      const normalized = normalizeValue(value, canonical);
      setInTransaction(canonical, normalized);
      emit({ kind: 'set', path: canonical, value: normalized });
    },

    update(path, values) {
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
      mergeInTransaction(writes);
      emit({ kind: 'merge', path: canonical, children });
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
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
