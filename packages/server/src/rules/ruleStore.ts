import type { NotificationRule, NotificationRules, RuleChannel } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

/**
 * Notification rules per site, in SQLite (table `notification_rules`). Why SQLite and not the
 * realtime tree: the rule engine joins rules with active alarms (also in SQLite) on every step, a
 * site's rule set is replaced in one transaction, and the portal reads rules through
 * controllers-api, never from the realtime database (clients cannot read or write them there).
 */
export interface RuleStore {
  /** A site's rules in the order they were given (empty map when none). */
  rulesOf(siteUuid: string): NotificationRules;
  /** Replaces a site's rules with `rules` (an empty map deletes them all). */
  replace(siteUuid: string, rules: NotificationRules): void;
  deleteAll(siteUuid: string): number;
  /** Number of rules per site uuid (sites without rules are absent). */
  counts(): Map<string, number>;
}

interface RuleRow {
  site_uuid: string;
  rule_id: string;
  threshold_minutes: number;
  channels: string;
  users: string;
}

export function ruleFromRow(row: RuleRow): NotificationRule {
  return {
    ruleId: row.rule_id,
    channeltype: JSON.parse(row.channels) as RuleChannel[],
    threshold: row.threshold_minutes,
    users: JSON.parse(row.users) as string[],
  };
}

export function createRuleStore(db: Db, clock: Clock): RuleStore {
  const select = db.prepare<[string], RuleRow>(
    'SELECT * FROM notification_rules WHERE site_uuid = ? ORDER BY position, rule_id',
  );
  const remove = db.prepare<[string]>('DELETE FROM notification_rules WHERE site_uuid = ?');
  const insert = db.prepare(
    `INSERT INTO notification_rules (site_uuid, rule_id, threshold_minutes, channels, users, position, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const count = db.prepare<[], { site_uuid: string; n: number }>(
    'SELECT site_uuid, COUNT(*) AS n FROM notification_rules GROUP BY site_uuid',
  );
  const replace = db.transaction((siteUuid: string, rules: NotificationRules) => {
    remove.run(siteUuid);
    const now = clock.now();
    Object.values(rules).forEach((rule, position) => {
      insert.run(siteUuid, rule.ruleId, rule.threshold, JSON.stringify(rule.channeltype), JSON.stringify(rule.users), position, now);
    });
  });
  return {
    rulesOf(siteUuid) {
      const rules: NotificationRules = {};
      for (const row of select.all(siteUuid)) rules[row.rule_id] = ruleFromRow(row);
      return rules;
    },
    replace: (siteUuid, rules) => replace(siteUuid, rules),
    deleteAll: (siteUuid) => remove.run(siteUuid).changes,
    counts: () => new Map(count.all().map((row) => [row.site_uuid, row.n])),
  };
}
