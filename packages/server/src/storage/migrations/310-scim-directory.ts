import type { Migration } from './migration.js';

/**
 * SCIM 2.0 provisioning (issue 36). A connection is a partner's directory (Entra ID, Okta) with a bearer
 * token kept only as its SHA-256; revoking sets `revoked_at` (the row stays so the log can name it).
 * `scim_users` links an account to the directory that made it (its SCIM attributes as JSON, and a version
 * for ETags); `scim_groups` are the directory's groups with the role and sites a partner admin mapped to
 * them; `scim_group_members` who is in which. Deleting an account drops its links (cascade). Unique
 * indexes are named, so both engines hold the same names (test/storageSchemas.test.ts).
 */
const tables = (time: string) => `
    CREATE TABLE scim_connections (
      id TEXT PRIMARY KEY,
      partner TEXT NOT NULL,
      name TEXT NOT NULL,
      token_hash TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at ${time} NOT NULL,
      rotated_at ${time},
      revoked_at ${time}
    );
    CREATE UNIQUE INDEX scim_connections_by_token_hash ON scim_connections (token_hash);
    CREATE INDEX scim_connections_by_partner ON scim_connections (partner);
    CREATE TABLE scim_users (
      uid TEXT PRIMARY KEY REFERENCES accounts(uid) ON DELETE CASCADE,
      partner TEXT NOT NULL,
      connection_id TEXT NOT NULL,
      external_id TEXT,
      attributes TEXT NOT NULL,
      version INTEGER NOT NULL,
      created_at ${time} NOT NULL,
      updated_at ${time} NOT NULL
    );
    CREATE UNIQUE INDEX scim_users_by_partner_and_external_id ON scim_users (partner, external_id);
    CREATE INDEX scim_users_by_partner ON scim_users (partner);
    CREATE TABLE scim_groups (
      id TEXT PRIMARY KEY,
      partner TEXT NOT NULL,
      connection_id TEXT NOT NULL,
      display_name TEXT NOT NULL,
      external_id TEXT,
      role TEXT,
      sites TEXT NOT NULL,
      version INTEGER NOT NULL,
      created_at ${time} NOT NULL,
      updated_at ${time} NOT NULL
    );
    CREATE UNIQUE INDEX scim_groups_by_partner_and_external_id ON scim_groups (partner, external_id);
    CREATE INDEX scim_groups_by_partner ON scim_groups (partner);
    CREATE TABLE scim_group_members (
      group_id TEXT NOT NULL REFERENCES scim_groups(id) ON DELETE CASCADE,
      uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
      PRIMARY KEY (group_id, uid)
    );
    CREATE INDEX scim_group_members_by_uid ON scim_group_members (uid);
`;

export const scimDirectoryMigration: Migration = {
  id: '310-scim-directory',
  sql: tables('INTEGER'),
  postgres: tables('BIGINT'),
};
