import type { Role } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { languageOfUser, smsCodeText } from '../outbox/messageTexts.js';
import { sendMessage } from '../outbox/sendMessage.js';
import { userPath } from '../users/profiles.js';
import { accountByEmail, accountByUid } from './accounts.js';
import { accountKey, beginAttempt, clearFailures } from './loginThrottle.js';
import { DECOY_PASSWORD_HASH, verifyPassword } from './secrets.js';
import { checkSmsChallenge, createSmsChallenge, replaceSmsCode, SMS_RESEND_AFTER_MS, smsChallengeSentAt, smsTicketMatches } from './smsCodes.js';

/**
 * Credential checks shared by the auth server (/cloud/auth) and the OpenID Connect provider's
 * sign-in pages (/cloud/login/v2). Both must behave alike: same throttling, same SMS step.
 */

type Ctx = Pick<CloudContext, 'db' | 'clock' | 'realtime' | 'outbox'>;

export type PasswordCheck =
  | { ok: true; uid: string; smsRequired: boolean }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Checks an e-mail (piscadaId) and password from a client address. 5 wrong passwords for one name from
 * one client within 15 minutes make that client wait, 1 minute and doubling with each further failure
 * (known account or not, so nothing leaks); other clients are not held up. A right password clears the
 * client's failures; while it waits even a right password is refused.
 */
export async function checkPassword(ctx: Ctx, piscadaId: string, password: string, client: string): Promise<PasswordCheck> {
  const key = accountKey(piscadaId, client);
  const now = ctx.clock.now();
  // Counted as a failure before the password is checked, so that parallel guesses count too.
  const retryAfterSeconds = await beginAttempt(ctx.db, key, now);
  if (retryAfterSeconds !== null) return { ok: false, reason: 'throttled', retryAfterSeconds };

  const account = await accountByEmail(ctx.db, piscadaId);
  // Hash against a decoy when the account is unknown, so timing does not reveal which exist.
  // A service account never signs in, nor does a disabled account (the same answer as a wrong password).
  const matches = (await verifyPassword(password, account?.passwordHash ?? DECOY_PASSWORD_HASH)) && account !== null && account.kind === 'person' && !account.disabled;
  if (!matches || !account) return { ok: false, reason: 'wrong' };
  await clearFailures(ctx.db, key);
  return { ok: true, uid: account.uid, smsRequired: account.smsSecondFactor };
}

/** What the SMS step may tell the browser once the password was right: where the code went, and its resend ticket. */
export interface SmsStep {
  /** Masked (maskPhone); null when the account has no phone. */
  phoneHint: string | null;
  /** Null for the provider's pages (their interaction is the credential) and when no code was sent. */
  resendTicket: string | null;
}

/**
 * Sends a fresh 6-digit code (valid 5 minutes) to the account's phone through the outbox. `withTicket`:
 * the auth server's sign-in, whose browser must show a ticket to ask for another code (resendSmsCode).
 */
export async function sendSmsCode(ctx: Ctx, uid: string, withTicket = false): Promise<SmsStep> {
  const account = await accountByUid(ctx.db, uid);
  if (!account?.phone) return { phoneHint: null, resendTicket: null };
  const { code, ticket } = await createSmsChallenge(ctx.db, uid, ctx.clock.now(), withTicket);
  await sendCode(ctx, uid, account.phone, code);
  return { phoneHint: maskPhone(account.phone), resendTicket: ticket };
}

async function sendCode(ctx: Ctx, uid: string, phone: string, code: string): Promise<void> {
  await sendMessage(ctx, { channel: 'sms', to: phone, body: smsCodeText(await languageOfUser(ctx, uid), code) });
}

export type SmsResend = { sent: true; phoneHint: string | null } | { sent: false; resendInSeconds: number };

/**
 * "Send a new code", the one rule for both sign-in paths: a new code replaces the old one, at most once
 * per SMS_RESEND_AFTER_MS after the last; sooner, how many seconds to wait. The caller has checked that
 * a sign-in is waiting for this account's code (the provider's interaction, or the auth server's ticket).
 */
export async function resendSmsCode(ctx: Ctx, uid: string): Promise<SmsResend> {
  const account = await accountByUid(ctx.db, uid);
  if (!account?.phone) return { sent: true, phoneHint: null };
  const now = ctx.clock.now();
  const replaced = await replaceSmsCode(ctx.db, uid, now);
  if (replaced && 'waitMs' in replaced) return { sent: false, resendInSeconds: Math.ceil(replaced.waitMs / 1000) };
  // No challenge left (its code was used up): the provider's pending interaction still stands for the sign-in.
  const code = replaced ? replaced.code : (await createSmsChallenge(ctx.db, uid, now)).code;
  await sendCode(ctx, uid, account.phone, code);
  return { sent: true, phoneHint: maskPhone(account.phone) };
}

/** Whether a resend request's ticket belongs to a sign-in of this account that still waits for its code. */
export function smsResendAllowed(ctx: Ctx, uid: string, ticket: string): Promise<boolean> {
  return smsTicketMatches(ctx.db, uid, ticket, ctx.clock.now());
}

/** A phone number as the SMS step shows it: the country code and the last two digits, the rest hidden. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  const country = /^\+\d{2}/.exec(digits)?.[0] ?? '';
  const rest = digits.slice(country.length);
  return `${country ? `${country} ` : ''}${'•'.repeat(Math.max(0, rest.length - 2))}${rest.slice(-2)}`;
}

/** The SMS step's facts: where the code went (masked), and in how many seconds a new one may be sent (0: now). */
export async function smsCodeStatus(ctx: Ctx, uid: string): Promise<{ phoneHint: string | null; resendInSeconds: number }> {
  const account = await accountByUid(ctx.db, uid);
  const sentAt = await smsChallengeSentAt(ctx.db, uid);
  const waitMs = sentAt === null ? 0 : sentAt + SMS_RESEND_AFTER_MS - ctx.clock.now();
  return { phoneHint: account?.phone ? maskPhone(account.phone) : null, resendInSeconds: Math.max(0, Math.ceil(waitMs / 1000)) };
}

/** 'expired' also when there is no pending code or too many wrong tries: sign in again. */
export function verifySmsCode(ctx: Ctx, uid: string, code: string): Promise<'ok' | 'wrong' | 'expired'> {
  return checkSmsChallenge(ctx.db, uid, code, ctx.clock.now());
}

/** An account as the sign-in pages and services see it (no password hash). */
export interface Account {
  uid: string;
  email: string;
  name: string;
  role: Role;
  phone: string | null;
  smsSecondFactor: boolean;
}

/** The account with its display name from the profile at /users/{uid}; null when unknown. */
export async function findAccount(ctx: Ctx, uid: string): Promise<Account | null> {
  const account = await accountByUid(ctx.db, uid);
  if (!account) return null;
  const name = await ctx.realtime.get(`${userPath(uid)}/name`);
  return {
    uid: account.uid,
    email: account.email,
    name: typeof name === 'string' && name.length > 0 ? name : account.email,
    role: account.role,
    phone: account.phone,
    smsSecondFactor: account.smsSecondFactor,
  };
}
