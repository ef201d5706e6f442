import { normalizeNordicPhone, type NotificationRule, type RuleTestResult, type RuleTestUser } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import { accountByUid } from '../auth/accounts.js';
import type { SiteRecord } from '../controllers/sites.js';
import { phoneOf } from './ruleAccess.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'outbox'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Recipient {
  user: RuleTestUser;
  phone: string;
}

type Checked = { ok: true; recipient: Recipient } | { ok: false; user: RuleTestUser; code: string; message: string };

function checkUser(ctx: Ctx, uid: string): Checked {
  const account = accountByUid(ctx.db, uid);
  if (!account) {
    return { ok: false, user: { userUUID: uid, username: '', phonenumber: null, email: '' }, code: 'unknown-user', message: `User ${uid} no longer exists` };
  }
  const phone = phoneOf(ctx, account);
  const user: RuleTestUser = { userUUID: uid, username: account.email, phonenumber: phone, email: account.email };
  if (!EMAIL.test(account.email)) {
    return { ok: false, user, code: 'invalid-email', message: `The e-mail address of ${account.email} cannot be used` };
  }
  if (!phone) {
    return { ok: false, user, code: 'missing-phone-number', message: `${account.email} has no phone number` };
  }
  const normalized = normalizeNordicPhone(phone);
  if (!normalized) {
    return {
      ok: false,
      user,
      code: 'unsupported-phone-number',
      message: `The phone number of ${account.email} (${phone}) is neither Norwegian (+47, 8 digits) nor Swedish (+46)`,
    };
  }
  return { ok: true, recipient: { user: { ...user, phonenumber: normalized }, phone: normalized } };
}

/**
 * Tests a rule: a test e-mail and a test SMS to every user of the rule, through the outbox. Every
 * user is checked first; when one number or address cannot be used nothing is sent and the answer
 * is status 500 with the error code and message (the real cloud's answer, which the portal shows).
 */
export function sendRuleTest(ctx: Ctx, site: SiteRecord, rule: NotificationRule): RuleTestResult {
  const checked = rule.users.map((uid) => checkUser(ctx, uid));
  const users = checked.map((entry) => (entry.ok ? entry.recipient.user : entry.user));
  const failed = checked.find((entry) => !entry.ok);
  if (failed && !failed.ok) return { status: 500, data: { users, error: { code: failed.code, message: failed.message } } };

  const channels = rule.channeltype.map((channel) => (channel === 'mail' ? 'e-post' : 'SMS')).join(' og ');
  for (const entry of checked) {
    if (!entry.ok) continue;
    const { user, phone } = entry.recipient;
    ctx.outbox.send({
      channel: 'email',
      to: user.email,
      subject: `Varde: test av varslingsregel ${rule.ruleId}`,
      body:
        `Dette er en test av varslingsregelen ${rule.ruleId} for ${site.name}.\n` +
        `Du varsles på ${channels} når en alarm har vært aktiv i mer enn ${rule.threshold} minutter.`,
    });
    ctx.outbox.send({
      channel: 'sms',
      to: phone,
      body: `Varde: test av varslingsregel ${rule.ruleId} for ${site.name}. Terskel ${rule.threshold} min.`,
    });
  }
  return { status: 200, data: { users } };
}
