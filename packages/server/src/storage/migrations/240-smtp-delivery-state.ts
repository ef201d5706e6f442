import type { Migration } from './migration.js';

const columns = (bigint: string) => `
    ALTER TABLE outbox ADD COLUMN smtp_state TEXT;
    ALTER TABLE outbox ADD COLUMN smtp_attempts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE outbox ADD COLUMN smtp_claimed_at ${bigint};
    CREATE INDEX outbox_smtp_pending ON outbox (smtp_state);
`;

/**
 * E-mail for SMTP is a queue (issue 24): `smtp_state` is 'pending' until a node has handed the message
 * to the SMTP server ('sent') or given up ('failed'); NULL for what is not e-mailed (SMS, no --smtp).
 * A node claims a message (`smtp_claimed_at`) before it sends; a claim older than a minute belongs to a
 * node that died, and the leader sends the message instead.
 */
export const smtpDeliveryStateMigration: Migration = {
  id: '240-smtp-delivery-state',
  sql: columns('INTEGER'),
  postgres: columns('BIGINT'),
};
