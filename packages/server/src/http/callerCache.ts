/**
 * What a token's check read (the session or personal access token, the account's role and kind, the
 * caller's profile), kept on this node so that a steady read sends only its own statement: on
 * PostgreSQL every statement is a round trip, and the caller's was half of every read (issue 40).
 *
 * Never stale beyond a change: everything that could make an entry wrong clears the whole cache
 * (http/callerCacheInvalidation.ts): a write to sessions, accounts or tokens on this node as it is
 * sent, the same from any node once committed (PostgreSQL's NOTIFY, this node's own included), and a
 * committed change under /users in the realtime tree. A read that began before a clear keeps nothing
 * (`begin` hands out the generation it must still match). While the cluster's notifications cannot
 * be heard, nothing is kept or used; and no entry outlives MAX_AGE_MS, whatever happens.
 */
export interface CallerCache {
  /** The entry for `key` if it is still good at `now`; undefined when there is none. */
  get<T>(key: string, now: number): T | undefined;
  /** Call before reading what `put` will keep: the ticket that read must hand to `put`. */
  begin(): number;
  /** Keeps `value` under `key` until `validUntil` (at most MAX_AGE_MS) unless a clear came since `ticket`. */
  put(key: string, value: unknown, ticket: number, now: number, validUntil?: number | null): void;
  /** Forgets everything (something a caller's check reads has changed). */
  clear(): void;
  /** Whether entries may be kept and used now (PostgreSQL: while this node hears the cluster). */
  setLive(live: () => boolean): void;
}

/** The longest any entry is used, whatever the invalidations: a safety net, not the mechanism. */
export const CALLER_CACHE_MAX_AGE_MS = 60_000;
/** Entries kept at the most (one per signed-in session or token that called this node lately). */
const MAX_ENTRIES = 20_000;

interface Entry {
  value: unknown;
  until: number;
}

export function createCallerCache(maxAgeMs = CALLER_CACHE_MAX_AGE_MS): CallerCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let live: () => boolean = () => true;
  return {
    get<T>(key: string, now: number) {
      if (!live()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value as T;
    },
    begin: () => generation,
    put(key, value, ticket, now, validUntil) {
      if (ticket !== generation || !live()) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: Math.min(now + maxAgeMs, validUntil ?? Number.POSITIVE_INFINITY) });
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    setLive(next) {
      live = next;
    },
  };
}
