import type { Migration } from './migration.js';

/**
 * The audit log (issue 36): one row per change, written in the change's own transaction, never edited;
 * only the leader's retention clean-up deletes rows (older than --audit-retention-days). Reads are newest
 * first (`at DESC, id DESC`) filtered by partner, actor, action, object or time: each filter has an index
 * that ends in `at` so that a filtered page is read in order, without a sort of everything that matched.
 */
const table = (bigint: string) => `
    CREATE TABLE audit_records (
      id TEXT PRIMARY KEY,
      at ${bigint} NOT NULL,
      partner_id TEXT,
      actor_kind TEXT NOT NULL,
      actor_id TEXT,
      token_id TEXT,
      address TEXT,
      user_agent TEXT,
      action TEXT NOT NULL,
      object_kind TEXT NOT NULL,
      object_id TEXT,
      summary TEXT NOT NULL
    );
    CREATE INDEX audit_records_by_time ON audit_records (at, id);
    CREATE INDEX audit_records_by_partner ON audit_records (partner_id, at, id);
    CREATE INDEX audit_records_by_actor ON audit_records (actor_kind, actor_id, at, id);
    CREATE INDEX audit_records_by_action ON audit_records (action, at, id);
    CREATE INDEX audit_records_by_object ON audit_records (object_kind, object_id, at, id);
    CREATE INDEX audit_records_by_object_id ON audit_records (object_id, at, id);
`;

export const auditRecordsMigration: Migration = {
  id: '300-audit-records',
  sql: table('INTEGER'),
  postgres: table('BIGINT'),
};
