import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { type Db, migrateSqlite, openDatabase } from '../src/storage/db.js';
import { cachedSqliteDatabase } from '../src/storage/sqliteConnection.js';
import { newPostgresDatabase } from './helpers/startCloud.js';

/** Type names as the two engines spell them, reduced to what the cloud relies on. */
const TYPE_CLASS: Record<string, string> = {
  integer: 'integer', int4: 'integer', int8: 'integer', bigint: 'integer',
  text: 'text', real: 'real', float8: 'real', 'double precision': 'real', blob: 'blob', bytea: 'blob',
};

interface Shape {
  tables: Record<string, string[]>;
  indexes: string[];
}

/** `keyColumns`: `table.column` of primary keys, never null on either engine (SQLite's catalogue says nullable). */
async function shapeOf(db: Db, indexes: string[], keyColumns = new Set<string>()): Promise<Shape> {
  const tables: Record<string, string[]> = {};
  for (const table of await db.introspection.getTables()) {
    if (table.name === 'sqlite_sequence') continue;
    tables[table.name] = table.columns
      .map((column) => {
        const notNull = !column.isNullable || keyColumns.has(`${table.name}.${column.name}`);
        return `${column.name} ${TYPE_CLASS[column.dataType.toLowerCase()] ?? column.dataType}${notNull ? ' not null' : ''}`;
      })
      .sort();
  }
  return { tables, indexes: indexes.sort() };
}

async function sqliteShape(): Promise<Shape> {
  const raw = new Database(':memory:');
  migrateSqlite(raw);
  const db: Db = new Kysely({ dialect: new SqliteDialect({ database: cachedSqliteDatabase(raw) }) });
  const rows = await sql<{ name: string; unique: number }>`
    SELECT i.name, i."unique" FROM sqlite_master m, pragma_index_list(m.name) i
    WHERE m.type = 'table' AND i.origin = 'c'`.execute(db);
  const keys = await sql<{ tbl: string; col: string }>`
    SELECT m.name AS tbl, p.name AS col FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' AND p.pk > 0`.execute(db);
  const keyColumns = new Set(keys.rows.map((row) => `${row.tbl}.${row.col}`));
  const shape = await shapeOf(db, rows.rows.map((row) => `${row.name}${row.unique ? ' unique' : ''}`), keyColumns);
  await db.destroy();
  return shape;
}

const postgres = await newPostgresDatabase();
afterAll(() => postgres?.drop());

test.skipIf(!postgres)('both engines end their migrations with the same tables, columns and indexes', async () => {
  const db = await openDatabase(postgres!.storage);
  const rows = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey'`.execute(db);
  const pgShape = await shapeOf(db, rows.rows.map((row) => `${row.indexname}${/CREATE UNIQUE/.test(row.indexdef) ? ' unique' : ''}`));
  await db.destroy();
  expect(pgShape).toEqual(await sqliteShape());
});
