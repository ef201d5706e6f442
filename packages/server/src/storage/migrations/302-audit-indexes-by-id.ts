import type { Migration } from './migration.js';

const indexes = `
    DROP INDEX audit_records_by_time;
    DROP INDEX audit_records_by_object_id;
    DROP INDEX audit_records_by_partner;
    DROP INDEX audit_records_by_actor;
    DROP INDEX audit_records_by_action;
    DROP INDEX audit_records_by_object;
    CREATE INDEX audit_records_by_partner ON audit_records (partner_id, id);
    CREATE INDEX audit_records_by_actor ON audit_records (actor_kind, actor_id, id);
    CREATE INDEX audit_records_by_action ON audit_records (action, id);
    CREATE INDEX audit_records_by_object ON audit_records (object_kind, object_id, id);
`;

/**
 * The audit log's reads in the order of its ids (issue 36): an id begins with its record's time, so the
 * primary key is the newest-first order and the time filter, and each filter's index ends in `id`. Four
 * indexes beside the key instead of six: every change writes a record, and each index is written with it
 * (the users import's cost, bench/audit.bench.mjs).
 */
export const auditIndexesByIdMigration: Migration = {
  id: '302-audit-indexes-by-id',
  sql: indexes,
  postgres: indexes,
};
