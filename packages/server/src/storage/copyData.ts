import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { migratePostgresWithin, migrateSqlite, type Db } from './db.js';
import { migrations } from './migrations/index.js';
import { describePostgresUrl, openPostgresPool } from './postgresConnection.js';

/** One table's rows: how many the SQLite file had and how many PostgreSQL holds after the copy. */
export type TableCount = { table: string; source: number; copied: number };

/** A copy that did not start or was undone: the message says why; the target is as it was. */
export class CopyRefusedError extends Error {}

/**
 * Copies a SQLite cloud (`DIR/varde.db`) into an empty PostgreSQL database, all or nothing: the schema is
 * made, every row copied and every table's count compared inside one PostgreSQL transaction, which is
 * committed only when all counts agree. The SQLite file is only read (in one read transaction, so a
 * cloud still running on it gives a consistent snapshot).
 */
export async function copyData(fromDir: string, toUrl: string): Promise<TableCount[]> {
  const source = openSource(fromDir);
  try {
    const pool = await openPostgresPool(toUrl, () => undefined);
    const target: Db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    try {
      return await target.transaction().execute((trx) => copyWithin(source, trx, toUrl));
    } finally {
      await target.destroy();
    }
  } finally {
    source.close();
  }
}

function openSource(dir: string): Database.Database {
  const file = join(dir, 'varde.db');
  if (!existsSync(file)) throw new CopyRefusedError(`no Varde data in ${dir} (${file} does not exist)`);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  const applied = new Set(source.prepare('SELECT id FROM schema_migrations').pluck().all() as string[]);
  const known = migrations.map((migration) => migration.id);
  const unknown = [...applied].filter((id) => !known.includes(id));
  const missing = known.filter((id) => !applied.has(id));
  if (unknown.length > 0 || missing.length > 0) {
    source.close();
    throw new CopyRefusedError(
      unknown.length > 0
        ? `${file} was written by a newer varde-cloud (migration ${unknown.join(', ')}); copy it with that version`
        : `${file} was written by an older varde-cloud; start this version once with --data ${dir} to upgrade it, then copy`,
    );
  }
  return source;
}

async function copyWithin(source: Database.Database, trx: Db, toUrl: string): Promise<TableCount[]> {
  const tables = (source.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'").pluck().all() as string[]).sort();
  await refuseForeignTables(trx, new Set([...tables, 'schema_migrations']), toUrl);
  await migratePostgresWithin(trx);
  await refuseRows(trx, tables, toUrl);
  // The rows migrations put in (the alarm stamp's one row) give way to the file's own.
  for (const table of tables) await trx.deleteFrom(table).execute();
  source.exec('BEGIN'); // one snapshot of the file for every table
  try {
    const counts: TableCount[] = [];
    for (const table of await dependencyOrder(trx, tables)) {
      const columns = await targetColumns(trx, table);
      const copied = await copyTable(source, trx, table, columns.map((column) => column.name));
      for (const column of columns.filter((candidate) => candidate.identity)) await advanceIdentity(trx, table, column.name);
      counts.push({ table, source: copied, copied: await countRows(trx, table) });
    }
    const wrong = counts.filter((count) => count.source !== count.copied);
    if (wrong.length > 0) {
      throw new CopyRefusedError(`counts differ after the copy (${wrong.map((count) => `${count.table}: ${count.source} read, ${count.copied} in PostgreSQL`).join('; ')}); nothing was written`);
    }
    return counts.sort((a, b) => a.table.localeCompare(b.table));
  } finally {
    source.exec('COMMIT');
  }
}

/** Tables that are not the cloud's mean the database belongs to something else. */
async function refuseForeignTables(trx: Db, ours: Set<string>, toUrl: string): Promise<void> {
  const present = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(trx);
  const foreign = present.rows.map((row) => row.name).filter((name) => !ours.has(name)).sort();
  if (foreign.length > 0) {
    throw new CopyRefusedError(`${describePostgresUrl(toUrl)} is not empty: it has tables that are not Varde's (${foreign.join(', ')}); copy into an empty database`);
  }
}

/** A table with more rows than the migrations alone put in means the database has been used. */
async function refuseRows(trx: Db, tables: string[], toUrl: string): Promise<void> {
  const seeded = rowsMigrationsMake();
  const used: string[] = [];
  for (const table of tables) {
    const rows = await countRows(trx, table);
    if (rows > (seeded.get(table) ?? 0)) used.push(`${table} (${rows} rows)`);
  }
  if (used.length > 0) {
    throw new CopyRefusedError(`${describePostgresUrl(toUrl)} is not empty: ${used.join(', ')}; copy into an empty database`);
  }
}

/** How many rows each table has right after the migrations, read from a new in-memory SQLite database. */
function rowsMigrationsMake(): Map<string, number> {
  const scratch = new Database(':memory:');
  try {
    migrateSqlite(scratch);
    const tables = scratch.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
    return new Map(tables.map((table) => [table, scratch.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number]));
  } finally {
    scratch.close();
  }
}

async function countRows(trx: Db, table: string): Promise<number> {
  const row = await trx.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tables ordered so that a table comes after every table its foreign keys point to. */
async function dependencyOrder(trx: Db, tables: string[]): Promise<string[]> {
  const edges = await sql<{ child: string; parent: string }>`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint c
    JOIN pg_class child ON child.oid = c.conrelid
    JOIN pg_class parent ON parent.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE c.contype = 'f' AND n.nspname = current_schema()`.execute(trx);
  const parents = new Map<string, string[]>(tables.map((table) => [table, []]));
  for (const edge of edges.rows) if (edge.child !== edge.parent) parents.get(edge.child)?.push(edge.parent);
  const ordered: string[] = [];
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    for (const parent of parents.get(table) ?? []) visit(parent);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function targetColumns(trx: Db, table: string): Promise<Array<{ name: string; identity: boolean }>> {
  const result = await sql<{ name: string; identity: string }>`
    SELECT column_name AS name, is_identity AS identity FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} ORDER BY ordinal_position`.execute(trx);
  return result.rows.map((row) => ({ name: row.name, identity: row.identity === 'YES' }));
}

/** Streams a table's rows from SQLite into PostgreSQL in multi-row inserts; returns how many were read. */
async function copyTable(source: Database.Database, trx: Db, table: string, columns: string[]): Promise<number> {
  const quoted = columns.map((column) => `"${column}"`).join(', ');
  // PostgreSQL takes at most 65535 parameters per statement.
  const batchSize = Math.max(1, Math.min(1000, Math.floor(30_000 / columns.length)));
  let batch: Array<Record<string, unknown>> = [];
  let read = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await trx.insertInto(table).values(batch).execute();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CopyRefusedError(`PostgreSQL refused a row of ${table} (${reason}); nothing was written`);
    }
    batch = [];
  };
  for (const row of source.prepare(`SELECT ${quoted} FROM "${table}"`).iterate() as Iterable<Record<string, unknown>>) {
    batch.push(row);
    read += 1;
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return read;
}

/** Rows copied with their ids: the identity's next value must come after the largest of them. */
async function advanceIdentity(trx: Db, table: string, column: string): Promise<void> {
  await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), (SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}))
    WHERE EXISTS (SELECT 1 FROM ${sql.table(table)})`.execute(trx);
}
