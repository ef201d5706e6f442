import type { Migration } from './migration.js';

/** The cloud's signing key pair, created on first start (see src/tokens/keys.ts). */
export const signingKeysMigration: Migration = {
  id: '003-signing-keys',
  sql: `
    CREATE TABLE signing_keys (
      kid TEXT PRIMARY KEY,
      private_jwk TEXT NOT NULL,
      public_jwk TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
  `,
};
