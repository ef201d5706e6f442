import type { Migration } from './migration.js';

// A row's creator's main partner, read from their realtime profile; a creator without one owns it alone.
const creatorPartner = (column: string) =>
  `COALESCE((SELECT json_extract(value, '$') FROM realtime_leaves WHERE path = '/users/' || ${column} || '/mainPartner'), 'user:' || ${column})`;

/**
 * Every stored thing belongs to a partner. Functions are named per partner (two partners may both have
 * `hello`); existing functions and ML models go to their creator's partner. Mappings recorded no creator:
 * they go to `varde`, the cloud operator's partner (seen by system admins) until reassigned.
 */
export const partnerOwnershipMigration: Migration = {
  id: '100-partner-ownership',
  sql: `
    CREATE TABLE cloud_functions_by_partner (
      partner TEXT NOT NULL,
      name TEXT NOT NULL,
      description TEXT NOT NULL,
      requirements TEXT NOT NULL,
      source TEXT NOT NULL,
      version INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      updated_by TEXT NOT NULL,
      hosts TEXT NOT NULL,
      PRIMARY KEY (partner, name)
    );
    INSERT INTO cloud_functions_by_partner
      SELECT ${creatorPartner('updated_by')}, name, description, requirements, source, version, updated_at, updated_by, hosts
      FROM cloud_functions;
    DROP TABLE cloud_functions;
    ALTER TABLE cloud_functions_by_partner RENAME TO cloud_functions;

    ALTER TABLE mappings ADD COLUMN partner TEXT NOT NULL DEFAULT 'varde';

    ALTER TABLE anomaly_models ADD COLUMN partner TEXT NOT NULL DEFAULT 'varde';
    UPDATE anomaly_models SET partner = ${creatorPartner('created_by')};
  `,
};
