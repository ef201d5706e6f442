import type { Migration } from './migration.js';

/**
 * Short-lived sign-in state. Every secret (SMS code, reset ticket, session id) is stored only as a
 * hash, so a copy of the database does not let anyone sign in.
 */
export const authStateMigration: Migration = {
  id: '002-auth-state',
  sql: `
    CREATE TABLE sms_challenges (
      uid TEXT PRIMARY KEY REFERENCES accounts(uid) ON DELETE CASCADE,
      code_hash TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE reset_tickets (
      ticket_hash TEXT PRIMARY KEY,
      uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );
    CREATE TABLE sessions (
      id_hash TEXT PRIMARY KEY,
      uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX sessions_by_uid ON sessions(uid);
    CREATE TABLE login_failures (
      account_key TEXT NOT NULL,
      failed_at INTEGER NOT NULL
    );
    CREATE INDEX login_failures_by_key ON login_failures(account_key, failed_at);
  `,
};
