import type { Migration } from './migration.js';

/**
 * The historian's series (each a definition; values are generated deterministically from it, see
 * src/historian/series.ts) and the anomaly service's models, versions and artifacts. JSON columns
 * hold the maps and lists exactly as the contract shapes them. Times are epoch milliseconds.
 */
export const anomalyAndHistorianMigration: Migration = {
  id: '080-anomaly-and-historian',
  sql: `
    CREATE TABLE historian_series (
      controller TEXT NOT NULL,
      tag TEXT NOT NULL,
      unit TEXT NOT NULL,
      profile TEXT NOT NULL,
      seed INTEGER NOT NULL,
      start_at INTEGER NOT NULL,
      interval_ms INTEGER NOT NULL,
      PRIMARY KEY (controller, tag)
    );

    CREATE TABLE anomaly_models (
      model_id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      description TEXT NOT NULL,
      tags TEXT NOT NULL,
      labels TEXT NOT NULL,
      parameters TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      modified_at INTEGER NOT NULL
    );

    CREATE TABLE anomaly_versions (
      version_id TEXT PRIMARY KEY,
      model_id TEXT NOT NULL REFERENCES anomaly_models(model_id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      description TEXT NOT NULL,
      status TEXT NOT NULL,
      status_message TEXT,
      labels TEXT NOT NULL,
      parameters TEXT NOT NULL,
      performance TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      modified_at INTEGER NOT NULL
    );
    CREATE INDEX anomaly_versions_by_model ON anomaly_versions(model_id, created_at);

    CREATE TABLE anomaly_artifacts (
      version_id TEXT NOT NULL REFERENCES anomaly_versions(version_id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      content_type TEXT NOT NULL,
      bytes BLOB NOT NULL,
      PRIMARY KEY (version_id, name)
    );
  `,
};
