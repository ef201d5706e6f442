import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Db, openDatabase } from '../src/storage/db.js';
import { newPostgresDatabase } from './helpers/startCloud.js';

// storage/preparedStatements.ts: PostgreSQL only (SQLite keeps its prepared statements in sqliteConnection.ts).
const postgres = await newPostgresDatabase();
let db: Db;

beforeAll(async () => {
  if (!postgres) return;
  db = await openDatabase(postgres.storage);
  await sql`CREATE TABLE prepared_probe (id INTEGER PRIMARY KEY, a TEXT NOT NULL)`.execute(db);
  await db.insertInto('prepared_probe').values([{ id: 1, a: 'one' }, { id: 2, a: 'two' }]).execute();
});
afterAll(async () => {
  await db?.destroy();
  await postgres?.drop();
});

const byIdQuery = (on: Db, id: number) => on.selectFrom('prepared_probe').selectAll().where('id', '=', id);
const byId = (on: Db, id: number) => byIdQuery(on, id).execute();

test.skipIf(!postgres)('a text sent again is prepared once on its connection and then only executed, with the same answers', async () => {
  await db.transaction().execute(async (trx) => {
    const text = byIdQuery(trx, 1).compile().sql;
    const answers = [await byId(trx, 1), await byId(trx, 2), await byId(trx, 1), await byId(trx, 2)];
    expect(answers).toEqual([[{ id: 1, a: 'one' }], [{ id: 2, a: 'two' }], [{ id: 1, a: 'one' }], [{ id: 2, a: 'two' }]]);
    const prepared = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(trx);
    expect(prepared.rows.map((row) => row.statement).filter((statement) => statement.includes('prepared_probe'))).toEqual([text]);
  });
});

test.skipIf(!postgres)('a column added under a prepared `select *` (another node migrating) costs no failed read', async () => {
  // Every pooled connection prepares the text first.
  await Promise.all(Array.from({ length: 20 }, () => byId(db, 1)));
  await sql`ALTER TABLE prepared_probe ADD COLUMN b TEXT NOT NULL DEFAULT 'new'`.execute(db);
  const after = await Promise.all(Array.from({ length: 20 }, () => byId(db, 1)));
  for (const rows of after) expect(rows).toEqual([{ id: 1, a: 'one', b: 'new' }]);
});
