import type { Migration } from './migration.js';

/**
 * Indexes both engines use the same way:
 * - sites are listed by lower(name) (SQLite's NOCASE and PostgreSQL's lower() fold the same ASCII
 *   letters), so the index is on that expression instead of on a SQLite collation;
 * - at most one active alarm per site and tag: a raise is "check, then insert", and on an engine where
 *   two raises can run at once the index decides (the loser re-triggers the winner's alarm).
 */
export const portableIndexesMigration: Migration = {
  id: '170-portable-indexes',
  sql: `
    DROP INDEX sites_by_name;
    CREATE INDEX sites_by_name ON sites (lower(name), uuid);
    CREATE UNIQUE INDEX alarms_active_by_tag ON alarms (site_uuid, tag_name) WHERE inactive_at IS NULL;
  `,
};
