import type { Migration } from './migration.js';

/** Sites (controllers). webpmp_ready: 1 online, 0 offline, NULL unavailable. */
export const sitesMigration: Migration = {
  id: '004-sites',
  sql: `
    CREATE TABLE sites (
      uuid TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      hostname TEXT NOT NULL,
      version TEXT NOT NULL,
      webpmp_ready INTEGER CHECK (webpmp_ready IN (0, 1)),
      latitude REAL NOT NULL,
      longitude REAL NOT NULL
    );
    CREATE INDEX sites_by_name ON sites(name COLLATE NOCASE, uuid);
  `,
};
