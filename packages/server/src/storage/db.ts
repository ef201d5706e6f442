import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations/index.js';

export type Db = Database.Database;

/** Where the cloud keeps its state: a directory (file `varde.db` inside it) or memory only. */
export type StorageLocation = { kind: 'directory'; dir: string } | { kind: 'memory' };

/**
 * Opens the database and brings it to the newest schema. WAL with synchronous=FULL: a write is
 * acknowledged only after it is durable, so a crash loses nothing that was acknowledged.
 */
export function openDatabase(location: StorageLocation): Db {
  let db: Db;
  if (location.kind === 'memory') {
    db = new Database(':memory:');
  } else {
    mkdirSync(location.dir, { recursive: true });
    db = new Database(join(location.dir, 'varde.db'));
    db.pragma('journal_mode = WAL');
  }
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

/** Applies, in order and each in its own transaction, every migration the database has not seen. */
export function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    db.prepare('SELECT id FROM schema_migrations').all().map((row) => (row as { id: string }).id),
  );
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)').run(migration.id, Date.now());
    })();
  }
}
