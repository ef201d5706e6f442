import type { NotificationRule, NotificationRules, RuleChannel } from '@varde/core/contract';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { countOf, touched } from '../storage/executeResults.js';
import { lockForTransaction, withinTransaction, type Tx } from '../storage/transaction.js';
import { defaultRuleName } from './ruleNames.js';

/**
 * Notification rules per site, in the database (table `notification_rules`). Why there and not the
 * realtime tree: the rule engine joins rules with active alarms (also there) on every step, a
 * site's rule set is replaced in one transaction, and the portal reads rules through
 * controllers-api, never from the realtime database (clients cannot read or write them there).
 */
export interface RuleStore {
  /** A site's rules in the order they were given (empty map when none). */
  rulesOf(siteUuid: string): Promise<NotificationRules>;
  /**
   * Replaces a site's rules with `rules` (an empty map deletes them all), in one transaction. Every
   * rule is stored with a name (one derived in Norwegian when it has none, as migration 260 did). With
   * `ifCurrent`, only while the site's rules are still exactly those (what the caller checked the new
   * rules against); false, and nothing changed, when they are not.
   */
  replace(siteUuid: string, rules: NotificationRules, ifCurrent?: NotificationRules, tx?: Tx): Promise<boolean>;
  deleteAll(siteUuid: string, tx?: Tx): Promise<number>;
  /** Number of rules per site uuid (sites without rules are absent). */
  counts(): Promise<Map<string, number>>;
}

interface RuleRow {
  site_uuid: string;
  rule_id: string;
  name: string;
  threshold_minutes: number;
  channels: string;
  users: string;
}

export function ruleFromRow(row: RuleRow): NotificationRule {
  return {
    ruleId: row.rule_id,
    name: row.name,
    channeltype: JSON.parse(row.channels) as RuleChannel[],
    threshold: row.threshold_minutes,
    users: JSON.parse(row.users) as string[],
  };
}

async function rulesIn(db: Db, siteUuid: string): Promise<NotificationRules> {
  const rows = (await db
    .selectFrom('notification_rules')
    .select(['site_uuid', 'rule_id', 'name', 'threshold_minutes', 'channels', 'users'])
    .where('site_uuid', '=', siteUuid)
    .orderBy('position')
    .orderBy('rule_id')
    .execute()) as RuleRow[];
  const rules: NotificationRules = {};
  for (const row of rows) rules[row.rule_id] = ruleFromRow(row);
  return rules;
}

/** Rules compare by content and order (JSON of the same shapes, built the same way). */
const sameRules = (a: NotificationRules, b: NotificationRules) => JSON.stringify(a) === JSON.stringify(b);

export function createRuleStore(db: Db, clock: Clock): RuleStore {
  return {
    rulesOf: (siteUuid) => rulesIn(db, siteUuid),
    replace: (siteUuid, rules, ifCurrent, outer) =>
      withinTransaction(db, outer, async (tx) => {
        await lockForTransaction(tx, `notification rules ${siteUuid}`);
        if (ifCurrent && !sameRules(await rulesIn(tx.db, siteUuid), ifCurrent)) return false;
        await tx.db.deleteFrom('notification_rules').where('site_uuid', '=', siteUuid).execute();
        const now = clock.now();
        const rows = Object.values(rules).map((rule, position) => ({
          site_uuid: siteUuid,
          rule_id: rule.ruleId,
          // The routes name every rule (rules/ruleNames.ts); what the seed or a test stores unnamed is named as the migration did.
          name: rule.name ?? defaultRuleName('no', rule),
          threshold_minutes: rule.threshold,
          channels: JSON.stringify(rule.channeltype),
          users: JSON.stringify(rule.users),
          position,
          updated_at: now,
        }));
        if (rows.length > 0) await tx.db.insertInto('notification_rules').values(rows).execute();
        return true;
      }),
    deleteAll: async (siteUuid, tx) =>
      touched(await (tx?.db ?? db).deleteFrom('notification_rules').where('site_uuid', '=', siteUuid).executeTakeFirst()),
    async counts() {
      const rows = await db
        .selectFrom('notification_rules')
        .select(['site_uuid', sql<number>`count(*)`.as('n')])
        .groupBy('site_uuid')
        .execute();
      return new Map(rows.map((row) => [row.site_uuid as string, countOf(row)]));
    },
  };
}
