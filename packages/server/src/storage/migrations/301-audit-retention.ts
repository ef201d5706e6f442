import type { Migration } from './migration.js';

const table = (bigint: string) => `
    CREATE TABLE audit_retention (
      name TEXT PRIMARY KEY,
      due_at ${bigint} NOT NULL
    );
`;

/**
 * When the audit log's retention clean-up is next due (issue 36): one row, claimed by a conditional
 * update that moves `due_at` on, so one node runs each clean-up however many nodes and restarts there are.
 */
export const auditRetentionMigration: Migration = {
  id: '301-audit-retention',
  sql: table('INTEGER'),
  postgres: table('BIGINT'),
};
