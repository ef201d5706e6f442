import type { Migration } from './migration.js';

/**
 * The realtime database: one row per leaf (a string, number or boolean) keyed by its full path, so a
 * write touches only the rows under its path and a read is one index range scan. The secret signs
 * the ID tokens of the realtime sign-in endpoints, kept so sessions survive a restart.
 */
export const realtimeMigration: Migration = {
  id: '010-realtime',
  sql: `
    CREATE TABLE realtime_leaves (
      path TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
    CREATE TABLE realtime_secrets (
      name TEXT PRIMARY KEY,
      secret BLOB NOT NULL,
      created_at INTEGER NOT NULL
    );
  `,
};
