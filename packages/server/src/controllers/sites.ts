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

/** Every site, ordered by name (then uuid, so pages are stable). */
export function allSites(db: Db): SiteRecord[] {
  return (db.prepare('SELECT * FROM sites ORDER BY name COLLATE NOCASE, uuid').all() as SiteRow[]).map(toSite);
}

/**
 * One page of sites by name: all of them (`only` null) or those whose uuid is in `only`. Paged in
 * SQL, so a page of a list of 10,000 reads a page, not the list.
 */
export function sitesPage(db: Db, only: readonly string[] | null, offset: number, limit: number | undefined): SiteRecord[] {
  const where = only === null ? '' : 'WHERE uuid IN (SELECT value FROM json_each(?))';
  const sql = `SELECT * FROM sites ${where} ORDER BY name COLLATE NOCASE, uuid LIMIT ? OFFSET ?`;
  const bounds = [limit ?? -1, offset];
  const rows = (only === null ? db.prepare(sql).all(...bounds) : db.prepare(sql).all(JSON.stringify(only), ...bounds)) as SiteRow[];
  return rows.map(toSite);
}

export function siteByUuid(db: Db, uuid: string): SiteRecord | null {
  const row = db.prepare('SELECT * FROM sites WHERE uuid = ?').get(uuid) as SiteRow | undefined;
  return row ? toSite(row) : null;
}

export function insertSite(db: Db, site: SiteRecord): void {
  db.prepare(
    `INSERT INTO sites (uuid, name, hostname, version, webpmp_ready, latitude, longitude)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    site.uuid,
    site.name,
    site.hostname,
    site.version,
    site.webpmpReady === null ? null : site.webpmpReady ? 1 : 0,
    site.latitude,
    site.longitude,
  );
}

/** Online (true), offline (false) or unavailable (null). */
export function setSiteReady(db: Db, uuid: string, webpmpReady: boolean | null): void {
  db.prepare('UPDATE sites SET webpmp_ready = ? WHERE uuid = ?').run(
    webpmpReady === null ? null : webpmpReady ? 1 : 0,
    uuid,
  );
}
