import type { Migration } from './migration.js';

/**
 * Sign-in accounts. Profiles (name, sites, module accesses...) live in the realtime tree at
 * /users/{uid}; this table holds only what must never reach a client: the password hash.
 */
export const accountsMigration: Migration = {
  id: '001-accounts',
  sql: `
    CREATE TABLE accounts (
      uid TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      password_hash TEXT NOT NULL,
      phone TEXT,
      sms_second_factor INTEGER NOT NULL DEFAULT 0 CHECK (sms_second_factor IN (0, 1)),
      role TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
  `,
};
