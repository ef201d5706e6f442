import type { Migration } from './migration.js';

/**
 * What operators do to an alarm: the comment given with an acknowledgement, shelving (hidden from
 * the table until a chosen time) and every step of an alarm's life (raised, acknowledged, commented,
 * cleared, shelved) with who did it and when, so that an alarm's history can be read back.
 */
export const alarmLifecycleMigration: Migration = {
  id: '140-alarm-lifecycle',
  sql: `
    ALTER TABLE alarms ADD COLUMN ack_comment TEXT;
    ALTER TABLE alarms ADD COLUMN shelved_until INTEGER;
    ALTER TABLE alarms ADD COLUMN shelved_by TEXT;
    CREATE TABLE alarm_history (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      alarm_id TEXT NOT NULL REFERENCES alarms(id) ON DELETE CASCADE,
      action TEXT NOT NULL CHECK (action IN ('raised', 'retriggered', 'acknowledged', 'commented', 'cleared', 'shelved', 'unshelved')),
      by TEXT,
      comment TEXT,
      until INTEGER,
      at INTEGER NOT NULL
    );
    CREATE INDEX alarm_history_by_alarm ON alarm_history (alarm_id, id);
  `,
};
