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
