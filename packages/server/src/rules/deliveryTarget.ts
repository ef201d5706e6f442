import { normalizeNordicPhone, type RuleChannel, type RuleSkipReason } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import { accountByUid, type AccountRecord } from '../auth/accounts.js';
import type { Tx } from '../storage/transaction.js';
import { phoneOf, userHasSite } from './ruleAccess.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Where one message of a rule goes for one user and channel, or why it cannot go. */
export type DeliveryTarget =
  | { ok: true; account: AccountRecord; to: string }
  | { ok: false; account: AccountRecord | null; reason: RuleSkipReason };

/**
 * The one place that decides whether a user can get a rule's message on a channel — the engine and
 * the test ask the same question, so a test tells the truth about what an alarm would send.
 * An SMS needs a Norwegian or Swedish number; an e-mail needs a usable address; both need the site.
 * Inside a transaction (the engine's), pass its Tx.
 */
export async function deliveryTarget(ctx: Ctx, userUid: string, siteUuid: string, channel: RuleChannel, tx?: Tx): Promise<DeliveryTarget> {
  const account = await accountByUid(tx?.db ?? ctx.db, userUid);
  if (!account) return { ok: false, account: null, reason: 'unknown-user' };
  // A disabled account (a leaver the directory or an import deactivated) is told nothing: no alarm, no on-call step.
  if (account.disabled) return { ok: false, account, reason: 'no-access' };
  // Someone who lost the site since the rule was made learns nothing more about it.
  if (!(await userHasSite(ctx, userUid, siteUuid, tx))) return { ok: false, account, reason: 'no-access' };
  if (channel === 'mail') {
    return EMAIL.test(account.email) ? { ok: true, account, to: account.email } : { ok: false, account, reason: 'invalid-email' };
  }
  const phone = await phoneOf(ctx, account, tx);
  if (!phone) return { ok: false, account, reason: 'missing-phone-number' };
  const normalized = normalizeNordicPhone(phone);
  return normalized ? { ok: true, account, to: normalized } : { ok: false, account, reason: 'unsupported-phone-number' };
}
