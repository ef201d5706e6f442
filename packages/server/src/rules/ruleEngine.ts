import { languageOfUser } from '../outbox/messageTexts.js';
import { ruleAlarmMail, ruleAlarmSms } from './ruleMessageTexts.js';
import type { RuleChannel, RuleSkipReason } from '@varde/core/contract';
import { sql } from 'kysely';
import type { CloudServices } from '../services.js';
import { touched } from '../storage/executeResults.js';
import { inTransaction, type Tx } from '../storage/transaction.js';
import { createRuleDeliveryLog } from './deliveryLog.js';
import { deliveryTarget } from './deliveryTarget.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'outbox' | 'clock'>;

/** One notification the engine decided on (tests and logs read these). */
export interface RuleNotification {
  alarmId: string;
  siteUuid: string;
  ruleId: string;
  userUid: string;
  channel: RuleChannel;
  /** `sent`, or why nothing could be sent (the decision is still recorded: it is not retried). */
  outcome: 'sent' | 'skipped-no-access' | 'skipped-unknown-user' | 'skipped-no-phone' | 'skipped-invalid-email';
}

const SKIP_OUTCOME: Record<RuleSkipReason, RuleNotification['outcome']> = {
  'unknown-user': 'skipped-unknown-user',
  'no-access': 'skipped-no-access',
  'missing-phone-number': 'skipped-no-phone',
  'unsupported-phone-number': 'skipped-no-phone',
  'invalid-email': 'skipped-invalid-email',
};

/**
 * The threshold engine. On each evaluation, at the cloud clock's time: every active alarm that has
 * been active for at least a rule's threshold tells each user of that rule once, on each of the
 * rule's channels (an e-mail and/or an SMS in the outbox). `rule_notifications` remembers
 * (alarm, user, channel), so an alarm that stays active never tells anyone twice — also when a user
 * is in two rules of the site, and also when two evaluations run at once (see evaluate). A cleared
 * alarm is never looked at again. It needs no raise/clear events: it reads the alarms table, so it
 * runs after every simulation step and on a timer. Every decision, sent or skipped, also goes to the
 * rule's delivery log (deliveryLog.ts).
 */
export interface RuleEngine {
  evaluate(): Promise<RuleNotification[]>;
  /**
   * Evaluates every `intervalMs` (default 15 s) until stopped; a tick while the previous evaluation
   * still runs is skipped. The timer never keeps the process alive.
   */
  start(intervalMs?: number): void;
  /** Stops the timer; resolves once an evaluation the timer started has finished. */
  stop(): Promise<void>;
}

interface DueRow {
  alarm_id: string;
  site_uuid: string;
  site_name: string;
  alarm_group: string;
  tag_name: string;
  text: string;
  active_at: number;
  rule_id: string;
  rule_name: string;
  threshold_minutes: number;
  channels: string;
  users: string;
}

export function createRuleEngine(ctx: Ctx, onError: (error: unknown) => void = () => {}): RuleEngine {
  const log = createRuleDeliveryLog(ctx.db, ctx.clock);

  async function notify(tx: Tx, row: DueRow, userUid: string, channel: RuleChannel, now: number): Promise<RuleNotification['outcome']> {
    const target = await deliveryTarget(ctx, userUid, row.site_uuid, channel, tx);
    const username = target.account?.email ?? '';
    const cause = { cause: 'alarm', alarmId: row.alarm_id } as const;
    if (!target.ok) {
      await log.record(row.site_uuid, row.rule_id, cause, { userUUID: userUid, username, channel, outcome: 'skipped', to: null, reason: target.reason }, tx);
      return SKIP_OUTCOME[target.reason];
    }
    const facts = {
      alarmGroup: row.alarm_group, tagName: row.tag_name, text: row.text, siteName: row.site_name,
      activeSince: row.active_at, minutes: Math.floor((now - row.active_at) / 60000), ruleName: row.rule_name,
    };
    const language = await languageOfUser(ctx, userUid, tx);
    if (channel === 'mail') await ctx.outbox.send({ channel: 'email', to: target.to, ...ruleAlarmMail(language, facts) }, tx);
    else await ctx.outbox.send({ channel: 'sms', to: target.to, body: ruleAlarmSms(language, facts) }, tx);
    await log.record(row.site_uuid, row.rule_id, cause, { userUUID: userUid, username, channel, outcome: 'sent', to: target.to }, tx);
    return 'sent';
  }

  /**
   * One transaction: every (alarm, user, channel) is claimed before anything is sent for it, by an
   * insert that does nothing when the row exists; only the evaluation whose insert touched a row goes
   * on (on PostgreSQL a concurrent claim of the same key waits for this commit, then does nothing). The
   * message, the log line and the outcome commit with the claim, or none of them does.
   */
  const evaluate = (): Promise<RuleNotification[]> =>
    inTransaction(ctx.db, async (tx) => {
      const now = ctx.clock.now();
      const { rows } = await sql<DueRow>`
        SELECT a.id AS alarm_id, a.site_uuid, s.name AS site_name, a.alarm_group, a.tag_name, a."text", a.active_at,
               r.rule_id, r.name AS rule_name, r.threshold_minutes, r.channels, r.users
          FROM notification_rules r
          JOIN alarms a ON a.site_uuid = r.site_uuid AND a.inactive_at IS NULL
          JOIN sites s ON s.uuid = a.site_uuid
         WHERE a.active_at + r.threshold_minutes * 60000 <= ${now}
         ORDER BY a.active_at, a.id, r.position, r.rule_id`.execute(tx.db);
      const decided: RuleNotification[] = [];
      for (const row of rows) {
        const channels = JSON.parse(row.channels) as RuleChannel[];
        for (const userUid of JSON.parse(row.users) as string[]) {
          for (const channel of channels) {
            // Claim (alarm, user, channel) first: only the first rule that is due gets to send.
            const claim = await tx.db
              .insertInto('rule_notifications')
              .values({ alarm_id: row.alarm_id, user_uid: userUid, channel, site_uuid: row.site_uuid, rule_id: row.rule_id, outcome: 'pending', sent_at: now })
              .onConflict((oc) => oc.columns(['alarm_id', 'user_uid', 'channel']).doNothing())
              .executeTakeFirst();
            if (touched(claim) === 0) continue;
            const outcome = await notify(tx, row, userUid, channel, now);
            await tx.db
              .updateTable('rule_notifications')
              .set({ outcome })
              .where('alarm_id', '=', row.alarm_id)
              .where('user_uid', '=', userUid)
              .where('channel', '=', channel)
              .where('outcome', '=', 'pending')
              .execute();
            decided.push({ alarmId: row.alarm_id, siteUuid: row.site_uuid, ruleId: row.rule_id, userUid, channel, outcome });
          }
        }
      }
      return decided;
    });

  let timer: ReturnType<typeof setInterval> | null = null;
  let ticking: Promise<void> | null = null;
  return {
    evaluate: () => evaluate(),
    start(intervalMs = 15_000) {
      if (timer) return;
      timer = setInterval(() => {
        // One evaluation at a time from the timer: a slow one makes the next tick wait its turn, not pile up.
        if (ticking) return;
        ticking = evaluate()
          .then(() => undefined, onError)
          .finally(() => {
            ticking = null;
          });
      }, intervalMs);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
    },
  };
}
