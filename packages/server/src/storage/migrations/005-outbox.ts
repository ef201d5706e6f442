import type { Migration } from './migration.js';

/** Every e-mail and SMS the cloud sends (see src/outbox/). */
export const outboxMigration: Migration = {
  id: '005-outbox',
  sql: `
    CREATE TABLE outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
      recipient TEXT NOT NULL,
      subject TEXT,
      body TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX outbox_by_recipient ON outbox(recipient, id);
  `,
};
