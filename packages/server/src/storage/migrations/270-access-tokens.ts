import type { Migration } from './migration.js';

/**
 * Unattended jobs (issue 34): personal access tokens and service accounts. A token is kept only as the
 * SHA-256 of its secret; revoking deletes the row, so every node refuses it at its next request. A
 * service account is an account of kind 'service' (no password, no second factor, never signs in),
 * owned by a partner; its profile and grants live where a person's do. Unique indexes are named, not
 * inline constraints, so both engines hold the same names (test/storageSchemas.test.ts).
 */
const tables = (time: string) => `
    ALTER TABLE accounts ADD COLUMN kind TEXT NOT NULL DEFAULT 'person';
    CREATE TABLE access_tokens (
      id TEXT PRIMARY KEY,
      uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
      name TEXT NOT NULL,
      token_hash TEXT NOT NULL,
      scope TEXT NOT NULL,
      created_at ${time} NOT NULL,
      expires_at ${time},
      last_used_at ${time},
      last_used_address TEXT
    );
    CREATE UNIQUE INDEX access_tokens_by_hash ON access_tokens (token_hash);
    CREATE UNIQUE INDEX access_tokens_by_account_and_name ON access_tokens (uid, name);
    CREATE TABLE service_accounts (
      uid TEXT PRIMARY KEY REFERENCES accounts(uid) ON DELETE CASCADE,
      partner TEXT NOT NULL,
      name TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at ${time} NOT NULL
    );
    CREATE UNIQUE INDEX service_accounts_by_partner_and_name ON service_accounts (partner, name);
`;

export const accessTokensMigration: Migration = {
  id: '270-access-tokens',
  sql: tables('INTEGER'),
  postgres: tables('BIGINT'),
};
