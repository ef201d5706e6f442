import type { Migration } from './migration.js';

/**
 * Storage for the OpenID Connect provider's models (sessions, grants, codes, tokens, interactions),
 * one row per model instance, so that sign-in sessions survive a restart. See src/oidc/README.md.
 */
export const oidcMigration: Migration = {
  id: '020-oidc',
  sql: `
    CREATE TABLE oidc_models (
      model       TEXT NOT NULL,
      id          TEXT NOT NULL,
      payload     TEXT NOT NULL,
      grant_id    TEXT,
      user_code   TEXT,
      uid         TEXT,
      expires_at  INTEGER,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX oidc_models_by_grant ON oidc_models (model, grant_id);
    CREATE INDEX oidc_models_by_uid ON oidc_models (model, uid);
    CREATE INDEX oidc_models_by_user_code ON oidc_models (model, user_code);
    CREATE INDEX oidc_models_by_expiry ON oidc_models (expires_at);
  `,
};
