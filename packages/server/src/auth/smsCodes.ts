import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';
import { inTransaction } from '../storage/transaction.js';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
/** "Send a new code" waits this long after the last one (a phone is not flooded; the first may still arrive). */
export const SMS_RESEND_AFTER_MS = 30 * 1000;
/** Wrong codes allowed per challenge; then it is gone and sign-in starts over. */
export const SMS_MAX_ATTEMPTS = 5;

/** Salted with the uid so equal codes of two users do not share a hash. */
function hashCode(uid: string, code: string): Buffer {
  return createHash('sha256').update(`${uid}:${code}`).digest();
}

/** When the account's current code was sent (null when it has none): a new one may follow SMS_RESEND_AFTER_MS later. */
export async function smsChallengeSentAt(db: Db, uid: string): Promise<number | null> {
  const row = await db.selectFrom('sms_challenges').select('expires_at').where('uid', '=', uid).executeTakeFirst();
  return row ? Number(row.expires_at) - SMS_CODE_TTL_MS : null;
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function hashTicket(ticket: string): string {
  return createHash('sha256').update(`sms-resend:${ticket}`).digest('hex');
}

/**
 * A fresh 6-digit code for the account, replacing any earlier one. Returns the code (to send) and, when
 * `withTicket`, the resend ticket the password answer hands out (stored only as a hash).
 */
export async function createSmsChallenge(db: Db, uid: string, now: number, withTicket = false): Promise<{ code: string; ticket: string | null }> {
  const code = newCode();
  const ticket = withTicket ? randomBytes(32).toString('base64url') : null;
  const ticketHash = ticket === null ? null : hashTicket(ticket);
  await db
    .insertInto('sms_challenges')
    .values({ uid, code_hash: hashCode(uid, code).toString('hex'), expires_at: now + SMS_CODE_TTL_MS, attempts: 0, ticket_hash: ticketHash })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet((eb) => ({
        code_hash: eb.ref('excluded.code_hash'),
        expires_at: eb.ref('excluded.expires_at'),
        attempts: 0,
        ticket_hash: eb.ref('excluded.ticket_hash'),
      })),
    )
    .execute();
  return { code, ticket };
}

/**
 * "Send a new code": replaces the code of the account's challenge (its ticket stays) when the last one
 * was sent SMS_RESEND_AFTER_MS ago or more. One conditional write, so two requests at once send one
 * code. `waitMs`: too soon; null: there is no challenge.
 */
export async function replaceSmsCode(db: Db, uid: string, now: number): Promise<{ code: string } | { waitMs: number } | null> {
  const code = newCode();
  const replaced = await db
    .updateTable('sms_challenges')
    .set({ code_hash: hashCode(uid, code).toString('hex'), expires_at: now + SMS_CODE_TTL_MS, attempts: 0 })
    .where('uid', '=', uid)
    .where('expires_at', '<=', now + SMS_CODE_TTL_MS - SMS_RESEND_AFTER_MS)
    .executeTakeFirst();
  if (touched(replaced) === 1) return { code };
  const sentAt = await smsChallengeSentAt(db, uid);
  return sentAt === null ? null : { waitMs: Math.max(1, sentAt + SMS_RESEND_AFTER_MS - now) };
}

/**
 * Whether `ticket` is the resend ticket of a sign-in still waiting for its code: the challenge exists,
 * its code has not expired nor been guessed at too often. Any other case answers false alike.
 */
export async function smsTicketMatches(db: Db, uid: string, ticket: string, now: number): Promise<boolean> {
  const row = (await db.selectFrom('sms_challenges').select(['ticket_hash', 'expires_at', 'attempts']).where('uid', '=', uid).executeTakeFirst()) as
    | { ticket_hash: string | null; expires_at: number; attempts: number }
    | undefined;
  if (!row?.ticket_hash || Number(row.expires_at) <= now || Number(row.attempts) >= SMS_MAX_ATTEMPTS) return false;
  return timingSafeEqual(Buffer.from(row.ticket_hash, 'hex'), Buffer.from(hashTicket(ticket), 'hex'));
}

interface ChallengeRow {
  code_hash: string;
  expires_at: number;
  attempts: number;
}

/**
 * 'expired' also covers "no challenge" and "too many attempts": either way, sign in again. The writes
 * carry their own conditions (the code the check saw, attempts below the limit), so two checks at once
 * cannot both use one code, nor both count as the last wrong try.
 */
export async function checkSmsChallenge(db: Db, uid: string, code: string, now: number): Promise<'ok' | 'wrong' | 'expired'> {
  return inTransaction(db, async (tx): Promise<'ok' | 'wrong' | 'expired'> => {
    const row = (await tx.db
      .selectFrom('sms_challenges')
      .select(['code_hash', 'expires_at', 'attempts'])
      .where('uid', '=', uid)
      .executeTakeFirst()) as ChallengeRow | undefined;
    if (!row) return 'expired';
    if (Number(row.expires_at) <= now || Number(row.attempts) >= SMS_MAX_ATTEMPTS) {
      await tx.db.deleteFrom('sms_challenges').where('uid', '=', uid).execute();
      return 'expired';
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    if (timingSafeEqual(expected, hashCode(uid, code.trim()))) {
      const used = await tx.db.deleteFrom('sms_challenges').where('uid', '=', uid).where('code_hash', '=', row.code_hash).executeTakeFirst();
      return touched(used) === 1 ? 'ok' : 'expired';
    }
    const counted = await tx.db
      .updateTable('sms_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('uid', '=', uid)
      .where('attempts', '<', SMS_MAX_ATTEMPTS)
      .executeTakeFirst();
    return touched(counted) === 1 ? 'wrong' : 'expired';
  });
}
