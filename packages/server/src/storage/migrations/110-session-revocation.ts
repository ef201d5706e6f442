import type { Migration } from './migration.js';

/**
 * Sessions end: every token names its session (`sid`), and a token is good only while its session lives,
 * so logout, a password change, a lower role and deletion end them at once. `generation` counts the
 * session's refreshes (reuse of an older refresh credential ends the session). Sessions from before have
 * no sid and end here. ID tokens are exchanged once: their hashes are kept until they expire.
 */
export const sessionRevocationMigration: Migration = {
  id: '110-session-revocation',
  sql: `
    DELETE FROM sessions;
    ALTER TABLE sessions ADD COLUMN sid TEXT;
    ALTER TABLE sessions ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
    CREATE UNIQUE INDEX sessions_by_sid ON sessions(sid);
    CREATE TABLE used_id_tokens (
      hash TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL
    );
  `,
};
