import type { Db } from '../storage/db.js';
import type { WatchedWrites } from '../storage/tableWrites.js';
import type { CallerCache } from './callerCache.js';

/**
 * Rows that seldom change and that a request's check reads every time, kept on this node beside its
 * callers: the site a request's path names (every site route's access check, issue 40) and the directory
 * connection a SCIM token belongs to (every SCIM request, issue 36). A cache of the callers' kind
 * (http/callerCache.ts), cleared as a whole by any write that changes or removes such a row: on this node
 * as it is sent, from any node once committed (varde_site, migrations 331 and 332, this node's own
 * included), and the writing request answers once the cluster has heard it. Only rows found are kept: a
 * new site or connection needs no clear, and an unknown token is looked up every time.
 */
export const KEPT_ROW_TABLE_WRITES: WatchedWrites = { sites: ['update', 'delete'], scim_connections: ['update', 'delete'] };

export interface KeptRowServices {
  db: Db;
  /** The cloud's; a context without one reads every time. */
  keptRows?: CallerCache;
}

/** The row under `key`, kept, or read by `read` (and kept when found). Each caller gets its own copy. */
export async function keptRow<T extends object>(ctx: KeptRowServices, key: string, read: (db: Db) => Promise<T | null>): Promise<T | null> {
  const cache = ctx.keptRows;
  // Inside a transaction a read may see its own writes, which a rollback would leave kept.
  if (!cache || ctx.db.isTransaction) return read(ctx.db);
  const kept = cache.get<T>(key, Date.now());
  // A copy: what a request does with its row must not reach the next request's.
  if (kept) return { ...kept };
  const ticket = cache.begin();
  const row = await read(ctx.db);
  if (row) cache.put(key, { ...row }, ticket, Date.now());
  return row;
}
