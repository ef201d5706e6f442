import type { Migration } from './migration.js';

/**
 * The portal's SMS step can ask for a new code (issue 26): the password answer hands the browser a
 * random ticket, stored here only as a hash, that a resend request must show. Without it (someone who
 * knows an account's uid but not its password) no SMS goes to that account's phone. NULL: a challenge
 * of the provider's sign-in pages, whose pending interaction is the credential instead.
 */
export const smsResendTicketMigration: Migration = {
  id: '250-sms-resend-ticket',
  sql: `ALTER TABLE sms_challenges ADD COLUMN ticket_hash TEXT;`,
  postgres: `ALTER TABLE sms_challenges ADD COLUMN ticket_hash TEXT;`,
};
