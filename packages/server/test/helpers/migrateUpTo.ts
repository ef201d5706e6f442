import Database from 'better-sqlite3';
import { migrations } from '../../src/storage/migrations/index.js';

/** A database as it was just before migration `id`: every earlier migration applied and recorded. */
export function databaseBefore(id: string): Database.Database {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  for (const migration of migrations.slice(0, migrations.findIndex((item) => item.id === id))) {
    db.exec(migration.sql);
    db.prepare('INSERT INTO schema_migrations VALUES (?, 0)').run(migration.id);
  }
  return db;
}
