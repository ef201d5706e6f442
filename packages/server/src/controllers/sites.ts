import { sql } from 'kysely';
import type { Site } from '@varde/core/contract';
import type { Db } from '../storage/db.js';

/** A site as stored; `rules` is computed per request. */
export type SiteRecord = Omit<Site, 'rules'>;

interface SiteRow {
  uuid: string;
  name: string;
  hostname: string;
  version: string;
  webpmp_ready: number | null;
  latitude: number;
  longitude: number;
}

function toSite(row: SiteRow): SiteRecord {
  return {
    uuid: row.uuid,
    name: row.name,
    hostname: row.hostname,
    version: row.version,
    webpmpReady: row.webpmp_ready === null ? null : row.webpmp_ready === 1,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** webpmp_ready as stored: 1 online, 0 offline, NULL unavailable. */
const readyColumn = (webpmpReady: boolean | null) => (webpmpReady === null ? null : webpmpReady ? 1 : 0);

/**
 * Sites by name regardless of case, then uuid so pages are stable. lower() folds the same letters
 * as SQLite's NOCASE did (ASCII) and exists on every engine.
 */
function byName(db: Db) {
  return db.selectFrom('sites').selectAll().orderBy(sql`lower(name)`).orderBy('uuid');
}

/** Every site, ordered by name (then uuid, so pages are stable). */
export async function allSites(db: Db): Promise<SiteRecord[]> {
  return ((await byName(db).execute()) as SiteRow[]).map(toSite);
}

/**
 * One page of sites by name: all of them (`only` null) or those whose uuid is in `only`. Paged in
 * SQL, so a page of a list of 10,000 reads a page, not the list.
 */
export async function sitesPage(db: Db, only: readonly string[] | null, offset: number, limit: number | undefined): Promise<SiteRecord[]> {
  if (only !== null && only.length === 0) return [];
  let query = byName(db);
  if (only !== null) query = query.where('uuid', 'in', only);
  // Without a limit the whole list is asked for: OFFSET alone is not SQL every engine takes.
  if (limit === undefined) return ((await query.execute()) as SiteRow[]).slice(offset).map(toSite);
  return ((await query.limit(limit).offset(offset).execute()) as SiteRow[]).map(toSite);
}

export async function siteByUuid(db: Db, uuid: string): Promise<SiteRecord | null> {
  const row = (await db.selectFrom('sites').selectAll().where('uuid', '=', uuid).executeTakeFirst()) as SiteRow | undefined;
  return row ? toSite(row) : null;
}

/** The sites among `uuids` that exist (in no particular order). */
export async function sitesByUuid(db: Db, uuids: readonly string[]): Promise<SiteRecord[]> {
  if (uuids.length === 0) return [];
  const rows = (await db.selectFrom('sites').selectAll().where('uuid', 'in', uuids).execute()) as SiteRow[];
  return rows.map(toSite);
}

export async function insertSite(db: Db, site: SiteRecord): Promise<void> {
  await db
    .insertInto('sites')
    .values({
      uuid: site.uuid,
      name: site.name,
      hostname: site.hostname,
      version: site.version,
      webpmp_ready: readyColumn(site.webpmpReady),
      latitude: site.latitude,
      longitude: site.longitude,
    })
    .execute();
}

/** Online (true), offline (false) or unavailable (null). */
export async function setSiteReady(db: Db, uuid: string, webpmpReady: boolean | null): Promise<void> {
  await db.updateTable('sites').set({ webpmp_ready: readyColumn(webpmpReady) }).where('uuid', '=', uuid).execute();
}
