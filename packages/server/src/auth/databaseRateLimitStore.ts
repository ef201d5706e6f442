import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin passes a store: the route's merged limit options (its route, or our `limitName`). */
type StoreOptions = { limitName?: string; routeInfo?: { method?: unknown; url?: unknown } };

/**
 * A store for @fastify/rate-limit that counts in the database (table rate_limits), so that every node
 * of a cluster counts the same requests: a limit of 10 a minute is 10 for the whole cluster, not 10 per
 * node. One statement per request: an upsert that starts a new window when the old one has passed,
 * else adds one, and returns the count (atomic on both engines; PostgreSQL locks the row). Each route's
 * limit is its own namespace (`limitName`, else method and URL), as the plugin's LRU store per route is.
 * Counts whose window has passed are deleted by the leader's clean-ups (src/cluster/cleanups.ts).
 */
export function databaseRateLimitStore(db: Db, clock: Clock) {
  return class DatabaseRateLimitStore {
    private readonly namespace: string;

    constructor(given: object = {}) {
      const options = given as StoreOptions;
      this.namespace = options.limitName ?? (options.routeInfo?.url ? `${String(options.routeInfo.method)} ${String(options.routeInfo.url)}` : 'global');
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock.now();
      const resetAt = now + timeWindow;
      sql<{ hits: number | string; reset_at: number | string }>`
        INSERT INTO rate_limits (key, hits, reset_at) VALUES (${`${this.namespace}|${key}`}, 1, ${resetAt})
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.hits + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${resetAt} ELSE rate_limits.reset_at END
        RETURNING hits, reset_at`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0]!;
          callback(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) });
        }, (error: Error) => callback(error));
    }

    read(key: string, callback: Callback): void {
      const now = clock.now();
      db.selectFrom('rate_limits')
        .select(['hits', 'reset_at'])
        .where('key', '=', `${this.namespace}|${key}`)
        .where('reset_at', '>', now)
        .executeTakeFirst()
        .then((row) => {
          const found = row as { hits: number; reset_at: number } | undefined;
          callback(null, found ? { current: Number(found.hits), ttl: Number(found.reset_at) - now } : { current: 0, ttl: 0 });
        }, (error: Error) => callback(error));
    }

    child(routeOptions: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
