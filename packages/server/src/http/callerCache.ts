/**
 * What a token's check read (the session or personal access token, the account's role and kind, the
 * caller's profile), kept on this node so that a steady read sends only its own statement: on
 * PostgreSQL every statement is a round trip, and the caller's was half of every read (issue 40).
 *
 * Never stale beyond a change: everything that could make an entry wrong clears it
 * (http/callerCacheInvalidation.ts). A write to sessions, accounts or tokens clears the whole cache, on
 * this node as it is sent and from any node once committed (PostgreSQL's NOTIFY, this node's own
 * included); so does a committed realtime change at /users or above. One inside a user's profile, to a
 * field an entry holds, clears that user's entries: a new user's profile, or a manager's list of
 * sub-users, leaves everyone else's kept. A read that began before a clear that concerns it keeps
 * nothing (`begin` hands out the generations it must still match). While the cluster's notifications
 * cannot be heard, nothing is kept or used; and no entry outlives MAX_AGE_MS, whatever happens.
 */
export interface CallerCache {
  /** The entry for `key` if it is still good at `now`; undefined when there is none. */
  get<T>(key: string, now: number): T | undefined;
  /**
   * Call before reading what `put` will keep: the ticket that read must hand to `put`. `uid`: whose the
   * read is (a caller's entry); a clear of that user's entries since then keeps it out too.
   */
  begin(uid?: string): CacheTicket;
  /** Keeps `value` under `key` until `validUntil` (at most MAX_AGE_MS) unless a clear came since `ticket`. */
  put(key: string, value: unknown, ticket: CacheTicket, now: number, validUntil?: number | null): void;
  /** Forgets everything (something a caller's check reads has changed). */
  clear(): void;
  /** Forgets one user's entries (something of their profile an entry holds has changed). */
  clearUser(uid: string): void;
  /** Whether entries may be kept and used now (PostgreSQL: while this node hears the cluster). */
  setLive(live: () => boolean): void;
}

/** What `begin` hands out: the clears a read must not have missed. */
export interface CacheTicket {
  readonly generation: number;
  readonly uid: string | undefined;
  readonly userGeneration: number;
}

/** The longest any entry is used, whatever the invalidations: a safety net, not the mechanism. */
export const CALLER_CACHE_MAX_AGE_MS = 60_000;
/** Entries kept at the most (one per signed-in session or token that called this node lately). */
const MAX_ENTRIES = 20_000;

/** Users whose clears are counted one by one; past that, a user's clear clears everything. */
const MAX_USERS_COUNTED = 100_000;

interface Entry {
  value: unknown;
  until: number;
  uid: string | undefined;
}

export function createCallerCache(maxAgeMs = CALLER_CACHE_MAX_AGE_MS): CallerCache {
  const entries = new Map<string, Entry>();
  const keysOfUser = new Map<string, Set<string>>();
  // Per user, how many times their entries were cleared since the last clear of everything.
  const userGenerations = new Map<string, number>();
  let generation = 0;
  let live: () => boolean = () => true;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    if (entry.uid !== undefined) keysOfUser.get(entry.uid)?.delete(key);
  };
  const cache: CallerCache = {
    get<T>(key: string, now: number) {
      if (!live()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now) {
        remove(key);
        return undefined;
      }
      return entry.value as T;
    },
    begin: (uid) => ({ generation, uid, userGeneration: uid === undefined ? 0 : (userGenerations.get(uid) ?? 0) }),
    put(key, value, ticket, now, validUntil) {
      if (ticket.generation !== generation || !live()) return;
      const { uid } = ticket;
      if (uid !== undefined && (userGenerations.get(uid) ?? 0) !== ticket.userGeneration) return;
      if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value!);
      remove(key);
      entries.set(key, { value, until: Math.min(now + maxAgeMs, validUntil ?? Number.POSITIVE_INFINITY), uid });
      if (uid !== undefined) {
        let keys = keysOfUser.get(uid);
        if (!keys) keysOfUser.set(uid, (keys = new Set()));
        keys.add(key);
      }
    },
    clear() {
      generation += 1;
      entries.clear();
      keysOfUser.clear();
      userGenerations.clear();
    },
    clearUser(uid) {
      if (userGenerations.size >= MAX_USERS_COUNTED) {
        cache.clear();
        return;
      }
      userGenerations.set(uid, (userGenerations.get(uid) ?? 0) + 1);
      for (const key of keysOfUser.get(uid) ?? []) entries.delete(key);
      keysOfUser.delete(uid);
    },
    setLive(next) {
      live = next;
    },
  };
  return cache;
}
