import type { Tx } from '../storage/transaction.js';

/**
 * Server-side access to the realtime database, for the cloud's own services and the seed. Paths are
 * slash separated (`/users/abc`). Writes made here reach every subscribed client like a client's write,
 * after their commit. Inside a transaction, pass its Tx: reads see its writes, and writes commit (and
 * are pushed) with it.
 */
export interface RealtimeTree {
  /** The value at a path (plain JSON), or null when nothing is stored there. */
  get(path: string, tx?: Tx): Promise<unknown>;
  /** The values at several paths in one read (what a request checks together), in the order asked. */
  getMany(paths: readonly string[], tx?: Tx): Promise<unknown[]>;
  /**
   * The paths of every leaf of `/users/{manager}/adminUsers/{user}` for each of `users`, whoever the
   * manager (who manages a user: users/managers.ts), from an index of those leaves by user (migration 333).
   */
  managedUserEntryPaths(users: readonly string[], tx?: Tx): Promise<string[]>;
  /** Replaces the value at a path; null deletes it. */
  set(path: string, value: unknown, tx?: Tx): Promise<void>;
  /**
   * Replaces the values at several paths that do not overlap, as one write (a few statements however
   * many paths): listeners hear one set per path, as if each had been set on its own.
   */
  setMany(writes: ReadonlyArray<readonly [string, unknown]>, tx?: Tx): Promise<void>;
  /** Merges children into the value at a path; keys may themselves be slash paths. */
  update(path: string, values: Record<string, unknown>, tx?: Tx): Promise<void>;
}
