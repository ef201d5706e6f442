import type { Migration } from './migration.js';

const tables = (bigint: string) => `
    CREATE TABLE rate_limits (
      key TEXT PRIMARY KEY,
      hits INTEGER NOT NULL,
      reset_at ${bigint} NOT NULL
    );
    CREATE INDEX rate_limits_by_reset ON rate_limits (reset_at);
    CREATE TABLE portal_ids (
      id TEXT PRIMARY KEY,
      uid TEXT NOT NULL,
      site_uuid TEXT NOT NULL,
      expires_at ${bigint} NOT NULL
    );
    CREATE INDEX portal_ids_by_expiry ON portal_ids (expires_at);
    CREATE TABLE bim_tokens (
      token_hash TEXT PRIMARY KEY,
      grant_json TEXT NOT NULL,
      expires_at ${bigint} NOT NULL
    );
    CREATE INDEX bim_tokens_by_expiry ON bim_tokens (expires_at);
    CREATE TABLE alarm_stamp (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      last ${bigint} NOT NULL
    );
    INSERT INTO alarm_stamp (id, last) VALUES (1, 0);
`;

/**
 * What each node kept in its own memory moves into the database, so that several nodes on one database
 * agree (issue 24): request counts of the rate limits, portal ids, BIM tokens, and the last alarm stamp
 * (every change's stamp is newer than the one before, whichever node made it).
 */
export const sharedNodeStateMigration: Migration = {
  id: '190-shared-node-state',
  sql: tables('INTEGER'),
  postgres: tables('BIGINT'),
};
