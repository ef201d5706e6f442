import { expect, it } from 'vitest';
import { migrateSqlite } from '../src/storage/db.js';
import { defaultRuleName } from '../src/rules/ruleNames.js';
import { databaseBefore } from './helpers/migrateUpTo.js';

it('migration 260 names each stored rule from what it does, in the words defaultRuleName uses for Norwegian', () => {
  const db = databaseBefore('260-rule-names');
  db.pragma('foreign_keys = OFF');
  const insert = db.prepare('INSERT INTO notification_rules (site_uuid, rule_id, threshold_minutes, channels, users, position, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0)');
  insert.run('s-1', 'r-both', 25, '["sms","mail"]', '[]');
  insert.run('s-1', 'r-mail', 60, '["mail"]', '[]');
  insert.run('s-1', 'r-sms', 5, '["sms"]', '[]');

  migrateSqlite(db);

  const names = db.prepare('SELECT rule_id, name FROM notification_rules ORDER BY rule_id').all();
  expect(names).toEqual([
    { rule_id: 'r-both', name: 'SMS og e-post etter 25 min' },
    { rule_id: 'r-mail', name: 'E-post etter 60 min' },
    { rule_id: 'r-sms', name: 'SMS etter 5 min' },
  ]);
  expect(defaultRuleName('no', { channeltype: ['mail', 'sms'], threshold: 25 })).toBe('SMS og e-post etter 25 min');
  expect(defaultRuleName('no', { channeltype: ['mail'], threshold: 60 })).toBe('E-post etter 60 min');
  expect(defaultRuleName('no', { channeltype: ['sms'], threshold: 5 })).toBe('SMS etter 5 min');
});
