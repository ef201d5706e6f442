import type { Migration } from './migration.js';

/**
 * Notification rules per site, and the notifications the rule engine has sent (one per alarm, user
 * and channel, so a user is told once per alarm however often the engine looks).
 */
export const notificationRulesMigration: Migration = {
  id: '060-notification-rules',
  sql: `
    CREATE TABLE notification_rules (
      site_uuid TEXT NOT NULL REFERENCES sites(uuid) ON DELETE CASCADE,
      rule_id TEXT NOT NULL,
      threshold_minutes INTEGER NOT NULL,
      channels TEXT NOT NULL,
      users TEXT NOT NULL,
      position INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (site_uuid, rule_id)
    );
    CREATE TABLE rule_notifications (
      alarm_id TEXT NOT NULL,
      user_uid TEXT NOT NULL,
      channel TEXT NOT NULL CHECK (channel IN ('sms', 'mail')),
      site_uuid TEXT NOT NULL,
      rule_id TEXT NOT NULL,
      outcome TEXT NOT NULL,
      sent_at INTEGER NOT NULL,
      PRIMARY KEY (alarm_id, user_uid, channel)
    );
  `,
};
