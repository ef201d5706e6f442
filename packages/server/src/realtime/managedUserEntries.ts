import { sql, type RawBuilder } from 'kysely';
import { engineOfDb, type Db } from '../storage/db.js';
import { chunks } from './deleteLeaves.js';

/**
 * The key migration 333's index holds for a leaf below `/users/{manager}/adminUsers/`: the rest of its
 * path, `{user}/…`. Written as the index is, word for word, and the WHERE below as its WHERE, or the
 * planners scan every leaf instead.
 */
const SQLITE_KEY = "substr(path, instr(path, '/adminUsers/') + 12)";
const POSTGRES_KEY = "substr(path, strpos(path, '/adminUsers/') + 12)";
const BELOW_ADMIN_USERS = "path LIKE '/users/%/adminUsers/%'";

/** Users per statement (SQLite allows 500 parts of a UNION ALL). */
const USERS_PER_READ = 200;

/**
 * The paths of every leaf of `/users/{manager}/adminUsers/{user}` for each of `users`, whoever the
 * manager: one index range per user (users/managers.ts reads the managers from them).
 */
export async function managedUserEntryPaths(db: Db, users: readonly string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const group of chunks([...new Set(users)], USERS_PER_READ)) {
    const rows = (await managedUserEntriesQuery(db, group).execute(db)).rows as Array<{ path: string }>;
    for (const row of rows) paths.push(row.path);
  }
  return paths;
}

/**
 * The statement for up to USERS_PER_READ users (exported for the test that holds it to the index): one
 * index range per user, [user/, user0) ('/' + 1 is '0' in byte order), each its own part of a UNION ALL.
 * An OR of the ranges makes SQLite scan the whole index, and a join with the ranges as an array lets
 * PostgreSQL, whose estimate of a young index is a few rows, read all of it for each range.
 */
export function managedUserEntriesQuery(db: Db, users: readonly string[]): RawBuilder<{ path: string }> {
  const key = sql.raw(engineOfDb(db) === 'postgres' ? POSTGRES_KEY : SQLITE_KEY);
  return sql<{ path: string }>`${sql.join(
    users.map((user) => sql`SELECT path FROM realtime_leaves WHERE ${sql.raw(BELOW_ADMIN_USERS)} AND ${key} >= ${`${user}/`} AND ${key} < ${`${user}0`}`),
    sql` UNION ALL `,
  )}`;
}
