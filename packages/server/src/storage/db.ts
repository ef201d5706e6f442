import Database from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, PostgresDialect, PostgresIntrospector, SqliteDialect, sql, type KyselyPlugin, type LogEvent } from 'kysely';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations/index.js';
import { postgresBaseline } from './migrations/postgresBaseline.js';
import { openPostgresPool } from './postgresConnection.js';
import { preparingPool } from './preparedStatements.js';
import { cachedSqliteDatabase } from './sqliteConnection.js';

/**
 * The cloud's database, through Kysely: every query is asynchronous and written once for every engine.
 * A transaction (`db.transaction().execute(async (trx) => …)`) is a Db too: code that may run inside one
 * takes the Db it is given and never reaches for an outer one (on SQLite that would wait for ever, on
 * PostgreSQL it would run outside the transaction).
 */
// Rows are typed where they are read; a schema type for every table is left for later.
export type Db = Kysely<any>;

/** Where the cloud keeps its state: a directory (file `varde.db` inside it), memory only, or PostgreSQL. */
export type StorageLocation = { kind: 'directory'; dir: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

const engines = new WeakMap<Db, 'sqlite' | 'postgres'>();

/**
 * The engine behind a Db or a transaction of it (for the few places that lock differently). Kept per Db:
 * `db.introspection` builds a new Kysely instance at every call, and a write batch asks dozens of times.
 */
export function engineOfDb(db: Db): 'sqlite' | 'postgres' {
  let engine = engines.get(db);
  if (!engine) engines.set(db, (engine = db.introspection instanceof PostgresIntrospector ? 'postgres' : 'sqlite'));
  return engine;
}

const pools = new WeakMap<Db, pg.Pool>();

/** The PostgreSQL pool behind a Db (its metrics); undefined on SQLite. */
export function postgresPoolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** A database this version cannot use: migrated by a newer version of the cloud. */
export class DatabaseTooNewError extends Error {}

/**
 * Opens the database and brings it to the newest schema. On SQLite, WAL with synchronous=FULL: a write
 * is acknowledged only after it is durable, so a crash loses nothing that was acknowledged. On
 * PostgreSQL, a pool that has answered once (`onPoolError` hears of idle connections that drop).
 */
export async function openDatabase(
  location: StorageLocation,
  onPoolError: (error: Error) => void = () => undefined,
  applicationName?: string,
  onStatement?: (sql: string) => void,
  plugins: KyselyPlugin[] = [],
): Promise<Db> {
  // Every statement the cloud sends, for the tests that hold each read route to its count.
  const log = onStatement ? (event: LogEvent) => onStatement(event.query.sql) : undefined;
  if (location.kind === 'postgres') {
    const pool = await openPostgresPool(location.url, onPoolError, undefined, applicationName);
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), log, plugins });
    pools.set(db, pool);
    try {
      await migratePostgres(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return db;
  }
  let raw: Database.Database;
  if (location.kind === 'memory') {
    raw = new Database(':memory:');
  } else {
    mkdirSync(location.dir, { recursive: true });
    raw = new Database(join(location.dir, 'varde.db'));
    raw.pragma('journal_mode = WAL');
  }
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  try {
    migrateSqlite(raw);
  } catch (error) {
    raw.close();
    throw error;
  }
  return new Kysely({ dialect: new SqliteDialect({ database: cachedSqliteDatabase(raw) }), log, plugins });
}

/**
 * Applies, in order and each in its own transaction, every migration the database has not seen, before
 * anything else uses the connection. Refuses a database that has migrations this version does not know.
 */
export function migrateSqlite(raw: Database.Database): void {
  raw.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    raw.prepare('SELECT id FROM schema_migrations').all().map((row) => (row as { id: string }).id),
  );
  refuseUnknownMigrations(applied);
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    raw.transaction(() => {
      raw.exec(migration.sql);
      raw.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(migration.id, Date.now());
    })();
  }
}

/**
 * PostgreSQL's migrations, in one transaction under an advisory lock, so that nodes starting together
 * migrate once. A new database gets the baseline (the schema SQLite reached at `postgresBaseline.upTo`)
 * and then each later migration's `postgres` text.
 */
export async function migratePostgres(db: Db): Promise<void> {
  await db.transaction().execute((trx) => migratePostgresWithin(trx));
}

/** PostgreSQL's migrations inside the caller's transaction (copy-data migrates and copies all or nothing). */
export async function migratePostgresWithin(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`.execute(trx);
  const rows: Array<{ id: string }> = await trx.selectFrom('schema_migrations').select('id').execute();
  const applied = new Set(rows.map((row) => row.id));
  refuseUnknownMigrations(applied);
  const record = (id: string) => trx.insertInto('schema_migrations').values({ id, applied_at: Date.now() }).execute();
  const baselineEnd = migrations.findIndex((migration) => migration.id === postgresBaseline.upTo);
  if (applied.size === 0) {
    await sql.raw(postgresBaseline.sql).execute(trx);
    for (const migration of migrations.slice(0, baselineEnd + 1)) await record(migration.id);
  }
  for (const migration of migrations.slice(baselineEnd + 1)) {
    if (applied.has(migration.id)) continue;
    if (migration.postgres === undefined) throw new Error(`migration ${migration.id} has no PostgreSQL text`);
    await sql.raw(migration.postgres).execute(trx);
    await record(migration.id);
  }
}

/** The advisory lock key of migrations (any constant of ours; other applications use their own). */
const MIGRATION_LOCK = 7_265_010_001;

function refuseUnknownMigrations(applied: Set<string>): void {
  const known = new Set(migrations.map((migration) => migration.id));
  const unknown = [...applied].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new DatabaseTooNewError(
      `the database was migrated by a newer version of varde-cloud (migration ${unknown.sort().join(', ')} is unknown here); upgrade varde-cloud`,
    );
  }
}
