import type { TagSearchRow } from '@varde/core/contract';
import type { Db } from '../storage/db.js';

/** A tag of a site, as the controller keeps it (the search looks through these). */
export interface SiteTag {
  siteUuid: string;
  name: string;
  description: string;
  value: string;
  seqNo: number;
  lastChanged: number;
  changedBy: string;
}

interface TagDbRow {
  site_uuid: string;
  site_name: string;
  name: string;
  description: string;
  value: string;
  seq_no: number;
  last_changed: number;
  changed_by: string;
}

export function insertSiteTag(db: Db, tag: SiteTag): void {
  db.prepare(
    `INSERT OR REPLACE INTO site_tags (site_uuid, name, description, value, seq_no, last_changed, changed_by)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(tag.siteUuid, tag.name, tag.description, tag.value, tag.seqNo, tag.lastChanged, tag.changedBy);
}

/** Writes a new value (the sequence number counts changes). False when the tag does not exist. */
export function setSiteTagValue(db: Db, siteUuid: string, name: string, value: string, at: number, by: string): boolean {
  const result = db
    .prepare(
      'UPDATE site_tags SET value = ?, seq_no = seq_no + 1, last_changed = ?, changed_by = ? WHERE site_uuid = ? AND name = ?',
    )
    .run(value, at, by, siteUuid, name);
  return result.changes > 0;
}

export function tagsOfSite(db: Db, siteUuid: string): SiteTag[] {
  return db
    .prepare<[string], Omit<TagDbRow, 'site_name'>>('SELECT * FROM site_tags WHERE site_uuid = ? ORDER BY name')
    .all(siteUuid)
    .map((row) => ({
      siteUuid: row.site_uuid,
      name: row.name,
      description: row.description,
      value: row.value,
      seqNo: row.seq_no,
      lastChanged: row.last_changed,
      changedBy: row.changed_by,
    }));
}

/** `%` and `_` are LIKE wildcards; a user's text matches literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Tags of the given sites whose name, description or value contains every word of the text
 * (case-insensitive), ordered by site name and tag name.
 */
export function searchSiteTags(db: Db, siteUuids: readonly string[], text: string, limit: number): TagSearchRow[] {
  const words = text.trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if (siteUuids.length === 0 || words.length === 0) return [];
  const conditions = words.map(
    () => "(t.name LIKE ? ESCAPE '\\' OR t.description LIKE ? ESCAPE '\\' OR t.value LIKE ? ESCAPE '\\')",
  );
  const params = words.flatMap((word) => [likePattern(word), likePattern(word), likePattern(word)]);
  const rows = db
    .prepare(
      `SELECT t.*, s.name AS site_name FROM site_tags t JOIN sites s ON s.uuid = t.site_uuid
       WHERE t.site_uuid IN (SELECT value FROM json_each(?)) AND ${conditions.join(' AND ')}
       ORDER BY s.name COLLATE NOCASE, t.name LIMIT ?`,
    )
    .all(JSON.stringify(siteUuids), ...params, limit) as TagDbRow[];
  return rows.map((row, index) => ({
    site: row.site_name,
    siteUuid: row.site_uuid,
    Name: row.name,
    description: row.description,
    Value: row.value,
    SeqNo: row.seq_no,
    LastChanged: new Date(row.last_changed).toISOString(),
    ChangedBy: row.changed_by,
    index,
  }));
}
