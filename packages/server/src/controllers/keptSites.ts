import type { CallerCache } from '../http/callerCache.js';
import type { Db } from '../storage/db.js';
import type { WatchedWrites } from '../storage/tableWrites.js';
import { siteByUuid, type SiteRecord } from './sites.js';

/**
 * The site a request's path names, kept on this node beside its callers (issue 40): every site route's
 * access check reads it, and sites seldom change, so a site's page, its rules, its trend and its alarm
 * report send only their own statements. A cache of the callers' kind (http/callerCache.ts), cleared as
 * a whole by any write that changes or removes a site: on this node as it is sent, from any node once
 * committed (varde_site, migration 331, this node's own included). Only sites found are kept: a new
 * site needs no clear.
 */
export const SITE_TABLE_WRITES: WatchedWrites = { sites: ['update', 'delete'] };

export async function keptSite(ctx: { db: Db; siteCache?: CallerCache }, uuid: string): Promise<SiteRecord | null> {
  const cache = ctx.siteCache;
  // Inside a transaction a read may see its own writes, which a rollback would leave kept.
  if (!cache || ctx.db.isTransaction) return siteByUuid(ctx.db, uuid);
  const key = `site:${uuid}`;
  const kept = cache.get<SiteRecord>(key, Date.now());
  // A copy: what a route does with its site must not reach the next request's.
  if (kept) return { ...kept };
  const ticket = cache.begin();
  const site = await siteByUuid(ctx.db, uuid);
  if (site) cache.put(key, { ...site }, ticket, Date.now());
  return site;
}
