import type { Migration } from './migration.js';

/**
 * Every message a notification rule sent or skipped — by a test or by an alarm — per user and
 * channel, so that an operator can read what went to whom, when and how (the rule's delivery log).
 * Kept apart from rule_notifications, which only remembers whom the engine has told about an alarm.
 */
export const ruleDeliveryLogMigration: Migration = {
  id: '130-rule-delivery-log',
  sql: `
    CREATE TABLE rule_delivery_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      site_uuid TEXT NOT NULL REFERENCES sites(uuid) ON DELETE CASCADE,
      rule_id TEXT NOT NULL,
      cause TEXT NOT NULL CHECK (cause IN ('test', 'alarm')),
      alarm_id TEXT,
      user_uid TEXT NOT NULL,
      username TEXT NOT NULL,
      channel TEXT NOT NULL CHECK (channel IN ('sms', 'mail')),
      outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'skipped')),
      recipient TEXT,
      reason TEXT,
      at INTEGER NOT NULL
    );
    CREATE INDEX rule_delivery_log_by_rule ON rule_delivery_log (site_uuid, rule_id, id);
  `,
};
