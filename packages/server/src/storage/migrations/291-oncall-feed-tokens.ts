import type { Migration } from './migration.js';

const table = (bigint: string) => `
    CREATE TABLE oncall_feed_tokens (
      token_hash TEXT PRIMARY KEY,
      user_uid TEXT NOT NULL,
      created_at ${bigint} NOT NULL
    );
    CREATE INDEX oncall_feed_tokens_by_user ON oncall_feed_tokens (user_uid);
`;

/**
 * The secret of each user's calendar feeds (issue 35): a phone's calendar app cannot sign in, so the feed
 * URL carries a secret. Only its SHA-256 is kept; a user has at most one, and making a new one or revoking
 * deletes the old row, so an old URL stops working at once.
 */
export const oncallFeedTokensMigration: Migration = {
  id: '291-oncall-feed-tokens',
  sql: table('INTEGER'),
  postgres: table('BIGINT'),
};
