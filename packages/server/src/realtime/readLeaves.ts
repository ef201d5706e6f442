import { sql } from 'kysely';
import { type Db, engineOfDb } from '../storage/db.js';
import { subtree } from './deleteLeaves.js';
import type { LeafRow } from './transactionReads.js';

/** Up to this many roots PostgreSQL plans the OR as index scans too (and a little faster than the join). */
const OR_ON_POSTGRES_UP_TO = 32;

/**
 * The leaves at and below each of `roots`, in one statement. SQLite answers an OR of ranges from the
 * primary key. PostgreSQL does not once there are many: it filters every row of the table through the
 * whole OR (fifty users' profiles, 500 roots, took a second against 2,000 users). There, many roots are
 * two half-open ranges each in array parameters, joined: an index range scan per range, as deleteLeaves does.
 */
export async function leavesUnder(db: Db, roots: readonly string[]): Promise<LeafRow[]> {
  if (engineOfDb(db) !== 'postgres' || roots.length <= OR_ON_POSTGRES_UP_TO) {
    return (await db
      .selectFrom('realtime_leaves')
      .select(['path', 'value'])
      .where((eb) => eb.or(roots.map((path) => subtree(path)(eb))))
      .execute()) as LeafRow[];
  }
  const low: string[] = [];
  const high: string[] = [];
  for (const root of new Set(roots)) {
    // The root itself is [p, p + U+0001) (nothing lies between in byte order), its children [p/, p0).
    low.push(root, `${root}/`);
    high.push(`${root}\u0001`, `${root}0`);
  }
  const { rows } = await sql<LeafRow>`SELECT DISTINCT leaf.path, leaf.value FROM unnest(${low}::text[], ${high}::text[]) AS range(low, high)
    JOIN realtime_leaves AS leaf ON leaf.path >= range.low AND leaf.path < range.high`.execute(db);
  return rows;
}
