import type { Migration } from './migration.js';

const table = (bigint: string) => `
    CREATE TABLE oncall_schedules (
      id TEXT PRIMARY KEY,
      partner TEXT NOT NULL,
      name TEXT NOT NULL,
      time_zone TEXT NOT NULL,
      sites TEXT,
      layers TEXT NOT NULL,
      overrides TEXT NOT NULL,
      created_at ${bigint} NOT NULL,
      updated_at ${bigint} NOT NULL
    );
    CREATE INDEX oncall_schedules_by_partner ON oncall_schedules (partner, name);
`;

/**
 * On-call schedules (issue 35), one row per schedule of a partner. Layers (rotations) and overrides are
 * JSON: a schedule is read whole to answer "who is on call" and saved whole, so one row keeps a save
 * atomic and its overlap checks true. `sites` is a JSON list of site uuids, NULL for every site of the partner.
 */
export const oncallSchedulesMigration: Migration = {
  id: '290-oncall-schedules',
  sql: table('INTEGER'),
  postgres: table('BIGINT'),
};
