import { RULE_LOG_MAX, type RuleDelivery, type RuleDeliveryLogEntry } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

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
  record(siteUuid: string, ruleId: string, cause: DeliveryCause, delivery: RuleDelivery): void;
  /** Newest first, at most `limit` (and never more than RULE_LOG_MAX). */
  entries(siteUuid: string, ruleId: string, limit?: number): RuleDeliveryLogEntry[];
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
  const insert = db.prepare(
    `INSERT INTO rule_delivery_log (site_uuid, rule_id, cause, alarm_id, user_uid, username, channel, outcome, recipient, reason, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // Everything of the rule older than its `keep` newest lines.
  const prune = db.prepare(
    `DELETE FROM rule_delivery_log WHERE site_uuid = ? AND rule_id = ? AND id <= (
       SELECT id FROM rule_delivery_log WHERE site_uuid = ? AND rule_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
  );
  const select = db.prepare<[string, string, number], LogRow>(
    `SELECT cause, alarm_id, user_uid, username, channel, outcome, recipient, reason, at
       FROM rule_delivery_log WHERE site_uuid = ? AND rule_id = ? ORDER BY id DESC LIMIT ?`,
  );
  return {
    record(siteUuid, ruleId, cause, delivery) {
      insert.run(
        siteUuid,
        ruleId,
        cause.cause,
        cause.cause === 'alarm' ? cause.alarmId : null,
        delivery.userUUID,
        delivery.username,
        delivery.channel,
        delivery.outcome,
        delivery.to,
        delivery.reason ?? null,
        clock.now(),
      );
      prune.run(siteUuid, ruleId, siteUuid, ruleId, keep);
    },
    entries(siteUuid, ruleId, limit = RULE_LOG_MAX) {
      return select.all(siteUuid, ruleId, Math.min(limit, RULE_LOG_MAX)).map((row) => ({
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
