import type { Migration } from './migration.js';

/**
 * Cloud functions (faas-manager), mappings and mapping tables (mappings-manager), and the values written
 * through the write API (read back by the historian). JSON columns hold lists exactly as the contract
 * shapes them. Times are epoch milliseconds.
 */
export const functionsMappingsWritesMigration: Migration = {
  id: '090-functions-mappings-writes',
  sql: `
    CREATE TABLE cloud_functions (
      name TEXT PRIMARY KEY,
      description TEXT NOT NULL,
      requirements TEXT NOT NULL,
      source TEXT NOT NULL,
      version INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      updated_by TEXT NOT NULL,
      hosts TEXT NOT NULL
    );

    CREATE TABLE mappings (
      uuid TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      meanings TEXT NOT NULL
    );

    CREATE TABLE mapping_tables (
      mapping_uuid TEXT NOT NULL REFERENCES mappings(uuid) ON DELETE CASCADE,
      uuid TEXT NOT NULL,
      title TEXT NOT NULL,
      active INTEGER NOT NULL,
      tag_mappings TEXT NOT NULL,
      parameters TEXT NOT NULL,
      position INTEGER NOT NULL,
      PRIMARY KEY (mapping_uuid, uuid)
    );

    CREATE TABLE written_values (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      controller TEXT NOT NULL,
      tag TEXT NOT NULL,
      ts INTEGER NOT NULL,
      value REAL,
      value_text TEXT,
      written_by TEXT NOT NULL,
      run_id TEXT
    );
    CREATE INDEX written_values_by_tag ON written_values(controller, tag, ts);
    CREATE INDEX written_values_by_run ON written_values(run_id);
  `,
};
