import type { Migration } from './migration.js';

/**
 * The account a provider model belongs to (its payload's `accountId`) in a column of its own, so that
 * ending an account's provider sessions (oidc/accountSessions.ts) is one indexed DELETE on every engine
 * instead of a look into each row's JSON. Rows from before get it from their payload.
 * PORTABILITY: the backfill reads JSON with SQLite's json_extract; PostgreSQL would say
 * `payload::json->>'accountId'` (a new PostgreSQL database has no rows to backfill).
 */
export const oidcAccountIdMigration: Migration = {
  id: '160-oidc-account-id',
  sql: `
    ALTER TABLE oidc_models ADD COLUMN account_id TEXT;
    UPDATE oidc_models SET account_id = json_extract(payload, '$.accountId')
      WHERE json_valid(payload) AND json_type(payload, '$.accountId') = 'text';
    CREATE INDEX oidc_models_by_account ON oidc_models (account_id, model);
  `,
};
