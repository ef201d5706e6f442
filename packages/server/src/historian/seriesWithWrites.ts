import { sql } from 'kysely';
import type { Db } from '../storage/db.js';
import type { WrittenPoint } from '../writeApi/writtenValues.js';
import { fromRow, type SeriesRow } from './historianStore.js';
import type { SeriesDefinition } from './series.js';

type Part = 'series' | 'in' | 'before' | 'after';
const COLUMNS = ['part', 'ts', 'value', 'id', 'unit', 'profile', 'seed', 'start_at', 'interval_ms'] as const;
type Row = Partial<SeriesRow> & { part: Part; ts: number | string | null; value: number | null; id: number | string | null };

// Row types are checked where the rows are read (Row); the builder sees `any` columns, as elsewhere.
// Typed: PostgreSQL gives an untyped NULL in a subquery the type text, which a UNION will not match with a number.
const NULL = sql<any>`NULL`;
const NO_TEXT = sql<any>`CAST(NULL AS TEXT)`;
const NO_NUMBER = sql<any>`CAST(NULL AS BIGINT)`;

/**
 * What a trend's read needs, in one statement (on PostgreSQL each is a round trip, and an open trend
 * reads again and again): the tag's series definition and the numbers written to it through the
 * write API in [from, to], with the last before and the first after. Written numbers come oldest
 * first; of several at one time, the last written.
 */
export async function seriesWithWrites(
  db: Db,
  controller: string,
  tag: string,
  from: number,
  to: number,
): Promise<{ definition: SeriesDefinition | null; written: WrittenPoint[] }> {
  const key = controller.toLowerCase();
  const numbers = (part: Part) =>
    db
      .selectFrom('written_values')
      .select([sql.lit(part).as('part'), 'ts', 'value', 'id', NO_TEXT.as('unit'), NO_TEXT.as('profile'), NO_NUMBER.as('seed'), NO_NUMBER.as('start_at'), NO_NUMBER.as('interval_ms')])
      .where('controller', '=', key)
      .where('tag', '=', tag)
      .where('value', 'is not', null);
  const rows = (await db
    .selectFrom('historian_series')
    .select([sql.lit('series').as('part'), NULL.as('ts'), NULL.as('value'), NULL.as('id'), 'unit', 'profile', 'seed', 'start_at', 'interval_ms'])
    .where('controller', '=', key)
    .where('tag', '=', tag)
    .unionAll(numbers('in').where('ts', '>=', from).where('ts', '<=', to))
    // A compound SELECT takes ORDER BY and LIMIT only in a subquery (SQLite).
    .unionAll(db.selectFrom(numbers('before').where('ts', '<', from).orderBy('ts', 'desc').orderBy('id', 'desc').limit(1).as('before')).select(COLUMNS))
    .unionAll(db.selectFrom(numbers('after').where('ts', '>', to).orderBy('ts').orderBy('id', 'desc').limit(1).as('after')).select(COLUMNS))
    .execute()) as Row[];

  const seriesRow = rows.find((row) => row.part === 'series');
  const points = rows
    .filter((row) => row.part !== 'series')
    .map((row) => ({ ts: Number(row.ts), v: Number(row.value), id: Number(row.id) }))
    .sort((a, b) => a.ts - b.ts || a.id - b.id);
  // Several writes at one time: the last one counts.
  const byTs = new Map<number, WrittenPoint>();
  for (const point of points) byTs.set(point.ts, { ts: point.ts, v: point.v });
  return { definition: seriesRow ? fromRow(seriesRow as SeriesRow) : null, written: [...byTs.values()] };
}
