import { languageOfUser } from '../outbox/messageTexts.js';
import { ruleAlarmMail, ruleAlarmSms } from './ruleMessageTexts.js';
import type { RuleChannel, RuleSkipReason } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
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
 * is in two rules of the site. A cleared alarm is never looked at again. It needs no raise/clear
 * events: it reads the alarms table, so it runs after every simulation step and on a timer. Every
 * decision, sent or skipped, also goes to the rule's delivery log (deliveryLog.ts).
 */
export interface RuleEngine {
  evaluate(): RuleNotification[];
  /** Evaluates every `intervalMs` (default 15 s) until stopped; the timer never keeps the process alive. */
  start(intervalMs?: number): void;
  stop(): void;
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
  threshold_minutes: number;
  channels: string;
  users: string;
}

export function createRuleEngine(ctx: Ctx, onError: (error: unknown) => void = () => {}): RuleEngine {
  const due = ctx.db.prepare<[number], DueRow>(
    `SELECT a.id AS alarm_id, a.site_uuid, s.name AS site_name, a.alarm_group, a.tag_name, a.text, a.active_at,
            r.rule_id, r.threshold_minutes, r.channels, r.users
       FROM notification_rules r
       JOIN alarms a ON a.site_uuid = r.site_uuid AND a.inactive_at IS NULL
       JOIN sites s ON s.uuid = a.site_uuid
      WHERE a.active_at + r.threshold_minutes * 60000 <= ?
      ORDER BY a.active_at, a.id, r.position, r.rule_id`,
  );
  const record = ctx.db.prepare(
    `INSERT OR IGNORE INTO rule_notifications (alarm_id, user_uid, channel, site_uuid, rule_id, outcome, sent_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );

  const log = createRuleDeliveryLog(ctx.db, ctx.clock);

  function notify(row: DueRow, userUid: string, channel: RuleChannel, now: number): RuleNotification['outcome'] {
    const target = deliveryTarget(ctx, userUid, row.site_uuid, channel);
    const username = target.account?.email ?? '';
    const cause = { cause: 'alarm', alarmId: row.alarm_id } as const;
    if (!target.ok) {
      log.record(row.site_uuid, row.rule_id, cause, { userUUID: userUid, username, channel, outcome: 'skipped', to: null, reason: target.reason });
      return SKIP_OUTCOME[target.reason];
    }
    const facts = {
      alarmGroup: row.alarm_group, tagName: row.tag_name, text: row.text, siteName: row.site_name,
      activeSince: row.active_at, minutes: Math.floor((now - row.active_at) / 60000), ruleId: row.rule_id,
    };
    const language = languageOfUser(ctx, userUid);
    if (channel === 'mail') ctx.outbox.send({ channel: 'email', to: target.to, ...ruleAlarmMail(language, facts) });
    else ctx.outbox.send({ channel: 'sms', to: target.to, body: ruleAlarmSms(language, facts) });
    log.record(row.site_uuid, row.rule_id, cause, { userUUID: userUid, username, channel, outcome: 'sent', to: target.to });
    return 'sent';
  }

  const evaluate = ctx.db.transaction((): RuleNotification[] => {
    const now = ctx.clock.now();
    const decided: RuleNotification[] = [];
    for (const row of due.all(now)) {
      const channels = JSON.parse(row.channels) as RuleChannel[];
      for (const userUid of JSON.parse(row.users) as string[]) {
        for (const channel of channels) {
          // Claim (alarm, user, channel) first: only the first rule that is due gets to send.
          if (record.run(row.alarm_id, userUid, channel, row.site_uuid, row.rule_id, 'pending', now).changes === 0) continue;
          const outcome = notify(row, userUid, channel, now);
          ctx.db
            .prepare('UPDATE rule_notifications SET outcome = ? WHERE alarm_id = ? AND user_uid = ? AND channel = ?')
            .run(outcome, row.alarm_id, userUid, channel);
          decided.push({ alarmId: row.alarm_id, siteUuid: row.site_uuid, ruleId: row.rule_id, userUid, channel, outcome });
        }
      }
    }
    return decided;
  });

  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    evaluate: () => evaluate(),
    start(intervalMs = 15_000) {
      if (timer) return;
      timer = setInterval(() => {
        try {
          evaluate();
        } catch (error) {
          onError(error);
        }
      }, intervalMs);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
