import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../../src/storage/db.js';
import { watchedDb } from './watchedDb.js';

/** A parameter as PostgreSQL's text input reads it (an array as `{"a","b"}`). */
const literalOf = (value: unknown): string => (Array.isArray(value) ? `{${value.map((item) => JSON.stringify(item)).join(',')}}` : String(value));

/**
 * PostgreSQL's generic plan of a compiled statement: the one a prepared statement settles on, made for
 * the tables as they are now (a test that calls it on nearly empty tables sees what a fresh cloud keeps).
 */
export async function genericPlan(db: Db, query: CompiledQuery): Promise<string> {
  return db.connection().execute(async (connection) => {
    await sql`SET plan_cache_mode = force_generic_plan`.execute(connection);
    try {
      await sql.raw(`PREPARE plan_under_test AS ${query.sql}`).execute(connection);
      const literals = query.parameters.map((value) => `'${literalOf(value).replace(/'/g, "''")}'`);
      const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE plan_under_test(${literals.join(', ')})`).execute(connection);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await sql`DEALLOCATE ALL`.execute(connection);
      await sql`RESET plan_cache_mode`.execute(connection);
    }
  });
}

/** SQLite's query plan of a statement. */
export async function sqlitePlan(db: Db, query: CompiledQuery): Promise<string> {
  const { rows } = await db.executeQuery<{ detail: string }>({ ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` });
  return rows.map((row) => row.detail).join('\n');
}

/** The statements `work` sends through the Db it is given. */
export async function statementsSent(db: Db, work: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  await work(watchedDb(db, (query) => queries.push(query)));
  return queries;
}
