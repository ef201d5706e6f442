import type { Migration } from './migration.js';

/**
 * The session cookie rotates at every renewal. A retired cookie is remembered (hashed) with its session
 * until the session could have expired: presented again after a short grace, it was copied, and the
 * session ends (refresh token reuse detection, as for the auth bearer's generations in 110).
 */
export const sessionCookieRotationMigration: Migration = {
  id: '111-session-cookie-rotation',
  sql: `
    CREATE TABLE retired_session_cookies (
      hash TEXT PRIMARY KEY,
      sid TEXT NOT NULL,
      retired_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
  `,
};
