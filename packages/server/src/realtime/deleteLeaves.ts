import { type CompiledQuery, type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';

/** Everything at and below a path: the path itself and `path/…` (byte order: '/' + 1 is '0'). */
export const subtree = (path: string) => (eb: ExpressionBuilder<any, any>) =>
  eb.or([eb('path', '=', path), eb.and([eb('path', '>=', `${path}/`), eb('path', '<', `${path}0`)])]);

/**
 * Half-open ranges [low, high) that hold each subtree (the path, [p, p + U+0001), and its descendants,
 * [p/, p0)) and each exact path: in byte order nothing lies between p and p + U+0001, as keys hold no
 * control characters. Both engines look each range up in the primary key.
 */
export function leafRanges(subtrees: Iterable<string>, exact: Iterable<string> = []): { low: string[]; high: string[] } {
  const low: string[] = [];
  const high: string[] = [];
  for (const path of subtrees) {
    low.push(path, `${path}/`);
    high.push(`${path}\u0001`, `${path}0`);
  }
  for (const path of exact) {
    low.push(path);
    high.push(`${path}\u0001`);
  }
  return { low, high };
}

/**
 * SQLite's ranges, one JSON parameter joined with json_each (the text is the same for any number of
 * ranges: prepared once, where an OR of ranges was a new text to build, compile and prepare per write).
 * CROSS JOIN keeps the ranges the outer loop, so that each is a search of the primary key.
 */
export const sqliteRanges = ({ low, high }: { low: string[]; high: string[] }) => ({
  json: JSON.stringify(low.map((from, index) => [from, high[index]])),
  join: sql`CROSS JOIN realtime_leaves AS leaf WHERE leaf.path >= range.value ->> 0 AND leaf.path < range.value ->> 1`,
});

/**
 * SQLite: deletes the leaves at and below each of `subtrees`, and the leaves at exactly `exact`
 * (ancestors that held a value where a write now puts children).
 */
export async function deleteLeaves(tx: Tx, subtrees: readonly string[], exact: readonly string[]): Promise<void> {
  if (subtrees.length === 0 && exact.length === 0) return;
  const ranges = sqliteRanges(leafRanges(subtrees, exact));
  await sql`DELETE FROM realtime_leaves WHERE path IN (SELECT leaf.path FROM json_each(${ranges.json}) AS range ${ranges.join})`.execute(tx.db);
}

/**
 * PostgreSQL: the same DELETE. An OR of hundreds of ranges would be a statement with hundreds of
 * parameters and index conditions to plan, with the realtime lock held (the simulation writes ~430 live
 * values a step: 200 steps took 67 s that way, 12 s this way): here the ranges are two array parameters,
 * joined: an index range scan per range.
 */
export function deleteLeavesOnPostgres(db: Db, subtrees: readonly string[], exact: readonly string[]): CompiledQuery {
  const { low, high } = leafRanges(subtrees, exact);
  return sql`DELETE FROM realtime_leaves AS leaf USING unnest(${low}::text[], ${high}::text[]) AS range(low, high)
    WHERE leaf.path >= range.low AND leaf.path < range.high`.compile(db);
}

/** `items` in groups of at most `size` (a statement's parameters are limited). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
