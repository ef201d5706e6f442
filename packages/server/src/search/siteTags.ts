import { sql } from 'kysely';
import type { TagSearchRow } from '@varde/core/contract';
import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';

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

/** Writes the tag, or replaces it when the site has one of that name. */
export async function insertSiteTag(db: Db, tag: SiteTag): Promise<void> {
  await insertSiteTags(db, [tag]);
}

/** Writes the tags (one statement per few hundred: the seed writes thousands), replacing same-named ones. */
export async function insertSiteTags(db: Db, tags: readonly SiteTag[]): Promise<void> {
  for (let start = 0; start < tags.length; start += 500) await upsertTags(db, tags.slice(start, start + 500));
}

async function upsertTags(db: Db, tags: readonly SiteTag[]): Promise<void> {
  await db
    .insertInto('site_tags')
    .values(tags.map((tag) => ({
      site_uuid: tag.siteUuid,
      name: tag.name,
      description: tag.description,
      value: tag.value,
      seq_no: tag.seqNo,
      last_changed: tag.lastChanged,
      changed_by: tag.changedBy,
    })))
    .onConflict((oc) =>
      oc.columns(['site_uuid', 'name']).doUpdateSet((eb) => ({
        description: eb.ref('excluded.description'),
        value: eb.ref('excluded.value'),
        seq_no: eb.ref('excluded.seq_no'),
        last_changed: eb.ref('excluded.last_changed'),
        changed_by: eb.ref('excluded.changed_by'),
      })),
    )
    .execute();
}

/** Writes a new value (the sequence number counts changes). False when the tag does not exist. */
export async function setSiteTagValue(db: Db, siteUuid: string, name: string, value: string, at: number, by: string): Promise<boolean> {
  const result = await db
    .updateTable('site_tags')
    .set((eb) => ({ value, seq_no: eb('seq_no', '+', 1), last_changed: at, changed_by: by }))
    .where('site_uuid', '=', siteUuid)
    .where('name', '=', name)
    .executeTakeFirst();
  return touched(result) > 0;
}

export async function tagsOfSite(db: Db, siteUuid: string): Promise<SiteTag[]> {
  const rows = (await db.selectFrom('site_tags').selectAll().where('site_uuid', '=', siteUuid).orderBy('name').execute()) as Omit<TagDbRow, 'site_name'>[];
  return rows.map((row) => ({
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
 * Whether a column contains the pattern, case-insensitively on every engine (PostgreSQL's LIKE is
 * case-sensitive; lower() on both sides folds what each engine folds). Backslash escapes wildcards.
 */
const contains = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;

/**
 * Tags of the given sites (null: every site) whose name, description or value contains every word
 * of the text (case-insensitive), ordered by site name and tag name.
 */
export async function searchSiteTags(db: Db, siteUuids: readonly string[] | null, text: string, limit: number): Promise<TagSearchRow[]> {
  const words = text.trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if ((siteUuids !== null && siteUuids.length === 0) || words.length === 0) return [];
  let query = db
    .selectFrom('site_tags as t')
    .innerJoin('sites as s', 's.uuid', 't.site_uuid')
    .selectAll('t')
    .select('s.name as site_name');
  if (siteUuids !== null) query = query.where('t.site_uuid', 'in', siteUuids);
  for (const word of words.map(likePattern)) {
    query = query.where((eb) => eb.or([contains('t.name', word), contains('t.description', word), contains('t.value', word)]));
  }
  const rows = (await query.orderBy(sql`lower(s.name)`).orderBy('t.name').limit(limit).execute()) as TagDbRow[];
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
