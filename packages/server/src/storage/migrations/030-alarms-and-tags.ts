import type { Migration } from './migration.js';

/**
 * Alarms of the sites (raised and cleared by controllers, here by the simulation) and the tags the
 * cross-site search looks through. Times are epoch milliseconds.
 */
export const alarmsAndTagsMigration: Migration = {
  id: '030-alarms-and-tags',
  sql: `
    CREATE TABLE alarms (
      id TEXT PRIMARY KEY,
      site_uuid TEXT NOT NULL REFERENCES sites(uuid) ON DELETE CASCADE,
      alarm_group TEXT NOT NULL,
      tag_name TEXT NOT NULL,
      text TEXT NOT NULL,
      value TEXT NOT NULL,
      alarm_type TEXT NOT NULL,
      active_at INTEGER NOT NULL,
      inactive_at INTEGER,
      acked_at INTEGER,
      acked_by TEXT,
      changed_at INTEGER NOT NULL
    );
    CREATE INDEX alarms_by_site ON alarms(site_uuid, active_at DESC);
    CREATE INDEX alarms_by_change ON alarms(changed_at);

    CREATE TABLE site_tags (
      site_uuid TEXT NOT NULL REFERENCES sites(uuid) ON DELETE CASCADE,
      name TEXT NOT NULL,
      description TEXT NOT NULL,
      value TEXT NOT NULL,
      seq_no INTEGER NOT NULL,
      last_changed INTEGER NOT NULL,
      changed_by TEXT NOT NULL,
      PRIMARY KEY (site_uuid, name)
    );
  `,
};
