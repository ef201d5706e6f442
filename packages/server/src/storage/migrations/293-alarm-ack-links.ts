import type { Migration } from './migration.js';

const table = (bigint: string) => `
    CREATE TABLE alarm_ack_links (
      token_hash TEXT PRIMARY KEY,
      alarm_id TEXT NOT NULL REFERENCES alarms(id) ON DELETE CASCADE,
      user_uid TEXT NOT NULL,
      escalation_id TEXT NOT NULL,
      created_at ${bigint} NOT NULL,
      expires_at ${bigint} NOT NULL,
      used_at ${bigint}
    );
    CREATE INDEX alarm_ack_links_by_alarm ON alarm_ack_links (alarm_id);
`;

/**
 * Acknowledge from the message (issue 35): each escalation message carries a link `/a/<token>` bound to
 * its alarm and recipient. Only the token's SHA-256 is stored; `used_at` makes it single use, `expires_at`
 * (12 hours) makes it short-lived.
 */
export const alarmAckLinksMigration: Migration = {
  id: '293-alarm-ack-links',
  sql: table('INTEGER'),
  postgres: table('BIGINT'),
};
