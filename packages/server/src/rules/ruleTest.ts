import { languageOfUser } from '../outbox/messageTexts.js';
import { ruleTestMail, ruleTestSms } from './ruleMessageTexts.js';
import { normalizeNordicPhone, type NotificationRule, type RuleDelivery, type RuleTestResult, type RuleTestUser } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import type { SiteRecord } from '../controllers/sites.js';
import type { RuleDeliveryLog } from './deliveryLog.js';
import { deliveryTarget, type DeliveryTarget } from './deliveryTarget.js';
import { phoneOf } from './ruleAccess.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'outbox'>;

async function testUser(uid: string, target: DeliveryTarget, ctx: Ctx): Promise<RuleTestUser> {
  const account = target.account;
  if (!account) return { userUUID: uid, username: '', phonenumber: null, email: '' };
  const phone = await phoneOf(ctx, account);
  // The number as an SMS would use it (+47…) when it is one; otherwise as the user typed it.
  return { userUUID: uid, username: account.email, phonenumber: phone && (normalizeNordicPhone(phone) ?? phone), email: account.email };
}

/**
 * Tests a rule (stored or drafted) as an alarm would use it: for every user, a test message on each
 * of the rule's channels — and only those — through the outbox. A user who cannot be reached on a
 * channel (no phone number for SMS, say) is skipped with the reason, and everyone else still gets
 * theirs: the answer is always 200, listing per user and channel what was sent and what was skipped.
 * Every decision is written to the rule's delivery log.
 */
/** `rule.name` is set by the routes (stored, drafted or derived); the id stands in only if a caller forgot. */
export async function sendRuleTest(ctx: Ctx, log: RuleDeliveryLog, site: SiteRecord, rule: NotificationRule): Promise<RuleTestResult> {
  const users: RuleTestUser[] = [];
  const deliveries: RuleDelivery[] = [];
  const facts = { ruleName: rule.name ?? rule.ruleId, siteName: site.name, threshold: rule.threshold, channels: rule.channeltype };
  for (const uid of rule.users) {
    let user: RuleTestUser | null = null;
    for (const channel of rule.channeltype) {
      const target = await deliveryTarget(ctx, uid, site.uuid, channel);
      user ??= await testUser(uid, target, ctx);
      if (!target.ok) {
        deliveries.push({ userUUID: uid, username: user.username, channel, outcome: 'skipped', to: null, reason: target.reason });
        continue;
      }
      // In the recipient's language, like every message of the cloud.
      const language = await languageOfUser(ctx, uid);
      if (channel === 'mail') await ctx.outbox.send({ channel: 'email', to: target.to, ...ruleTestMail(language, facts) });
      else await ctx.outbox.send({ channel: 'sms', to: target.to, body: ruleTestSms(language, facts) });
      deliveries.push({ userUUID: uid, username: user.username, channel, outcome: 'sent', to: target.to });
    }
    if (user) users.push(user);
  }
  for (const delivery of deliveries) await log.record(site.uuid, rule.ruleId, { cause: 'test' }, delivery);
  return { status: 200, data: { users, deliveries } };
}
