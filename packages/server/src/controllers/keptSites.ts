import { keptRow, type KeptRowServices } from '../http/keptRows.js';
import { siteByUuid, type SiteRecord } from './sites.js';

/** The site a request's path names, kept on this node until a site changes (http/keptRows.ts). */
export function keptSite(ctx: KeptRowServices, uuid: string): Promise<SiteRecord | null> {
  return keptRow(ctx, `site:${uuid}`, (db) => siteByUuid(db, uuid));
}
