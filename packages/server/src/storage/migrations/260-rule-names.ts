import type { Migration } from './migration.js';

/**
 * Rules get a name people choose (issue 26, item 8: mails and lists named a rule by its id). A rule
 * stored before has none, so it is named from what it does, in Norwegian (the product's first language,
 * and what the demo's operators read): "SMS og e-post etter 25 min". The same words as
 * `defaultRuleName('no', …)` (rules/ruleNames.ts), which names a rule stored without a name later.
 */
const columns = `
    ALTER TABLE notification_rules ADD COLUMN name TEXT NOT NULL DEFAULT '';
    UPDATE notification_rules SET name =
      CASE
        WHEN channels LIKE '%sms%' AND channels LIKE '%mail%' THEN 'SMS og e-post'
        WHEN channels LIKE '%sms%' THEN 'SMS'
        ELSE 'E-post'
      END || ' etter ' || CAST(threshold_minutes AS TEXT) || ' min';
`;

export const ruleNamesMigration: Migration = {
  id: '260-rule-names',
  sql: columns,
  postgres: columns,
};
