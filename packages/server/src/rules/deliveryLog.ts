import { RULE_LOG_MAX, type RuleDelivery, type RuleDeliveryLogEntry } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';

/** Lines kept per rule: older ones are dropped as new ones come (a rule that fires daily keeps months). */
export const RULE_LOG_KEEP = 2000;

/** What caused a delivery: a test (no alarm) or an alarm past the rule's threshold. */
export type DeliveryCause = { cause: 'test' } | { cause: 'alarm'; alarmId: string };

/**
 * A rule's delivery log (table rule_delivery_log): every message a rule sent or skipped, by a test
 * or an alarm, per user and channel. Read per site and rule; the route checks the site first, so a
 * partner only ever reads the logs of its own sites.
 */
export interface RuleDeliveryLog {
  /** Inside a transaction (the rule engine's), pass its Tx: the line commits with it. */
  record(siteUuid: string, ruleId: string, cause: DeliveryCause, delivery: RuleDelivery, tx?: Tx): Promise<void>;
  /** Newest first, at most `limit` (and never more than RULE_LOG_MAX). */
  entries(siteUuid: string, ruleId: string, limit?: number): Promise<RuleDeliveryLogEntry[]>;
}

interface LogRow {
  cause: 'test' | 'alarm';
  alarm_id: string | null;
  user_uid: string;
  username: string;
  channel: RuleDelivery['channel'];
  outcome: RuleDelivery['outcome'];
  recipient: string | null;
  reason: RuleDelivery['reason'] | null;
  at: number;
}

export function createRuleDeliveryLog(db: Db, clock: Pick<Clock, 'now'>, keep = RULE_LOG_KEEP): RuleDeliveryLog {
  return {
    async record(siteUuid, ruleId, cause, delivery, tx) {
      const target = tx?.db ?? db;
      await target
        .insertInto('rule_delivery_log')
        .values({
          site_uuid: siteUuid,
          rule_id: ruleId,
          cause: cause.cause,
          alarm_id: cause.cause === 'alarm' ? cause.alarmId : null,
          user_uid: delivery.userUUID,
          username: delivery.username,
          channel: delivery.channel,
          outcome: delivery.outcome,
          recipient: delivery.to,
          reason: delivery.reason ?? null,
          at: clock.now(),
        })
        .execute();
      // Everything of the rule older than its `keep` newest lines.
      await target
        .deleteFrom('rule_delivery_log')
        .where('site_uuid', '=', siteUuid)
        .where('rule_id', '=', ruleId)
        .where('id', '<=', target.selectFrom('rule_delivery_log').select('id').where('site_uuid', '=', siteUuid).where('rule_id', '=', ruleId)
          .orderBy('id', 'desc').limit(1).offset(keep))
        .execute();
    },
    async entries(siteUuid, ruleId, limit = RULE_LOG_MAX) {
      const rows = (await db
        .selectFrom('rule_delivery_log')
        .select(['cause', 'alarm_id', 'user_uid', 'username', 'channel', 'outcome', 'recipient', 'reason', 'at'])
        .where('site_uuid', '=', siteUuid)
        .where('rule_id', '=', ruleId)
        .orderBy('id', 'desc')
        .limit(Math.min(limit, RULE_LOG_MAX))
        .execute()) as LogRow[];
      return rows.map((row) => ({
        userUUID: row.user_uid,
        username: row.username,
        channel: row.channel,
        outcome: row.outcome,
        to: row.recipient,
        ...(row.reason ? { reason: row.reason } : {}),
        at: new Date(row.at).toISOString(),
        cause: row.cause,
        alarmId: row.alarm_id,
      }));
    },
  };
}
