import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../storage/db.js';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes allowed per challenge; then it is gone and sign-in starts over. */
export const SMS_MAX_ATTEMPTS = 5;

/** Salted with the uid so equal codes of two users do not share a hash. */
function hashCode(uid: string, code: string): Buffer {
  return createHash('sha256').update(`${uid}:${code}`).digest();
}

/** A fresh 6-digit code for the account, replacing any earlier one. Returns the code (to send). */
export function createSmsChallenge(db: Db, uid: string, now: number): string {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  db.prepare(
    `INSERT INTO sms_challenges (uid, code_hash, expires_at, attempts) VALUES (?, ?, ?, 0)
     ON CONFLICT (uid) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0`,
  ).run(uid, hashCode(uid, code).toString('hex'), now + SMS_CODE_TTL_MS);
  return code;
}

interface ChallengeRow {
  code_hash: string;
  expires_at: number;
  attempts: number;
}

/** 'expired' also covers "no challenge" and "too many attempts": either way, sign in again. */
export function checkSmsChallenge(db: Db, uid: string, code: string, now: number): 'ok' | 'wrong' | 'expired' {
  return db.transaction((): 'ok' | 'wrong' | 'expired' => {
    const row = db.prepare('SELECT code_hash, expires_at, attempts FROM sms_challenges WHERE uid = ?').get(uid) as
      | ChallengeRow
      | undefined;
    if (!row) return 'expired';
    if (row.expires_at <= now || row.attempts >= SMS_MAX_ATTEMPTS) {
      db.prepare('DELETE FROM sms_challenges WHERE uid = ?').run(uid);
      return 'expired';
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    if (timingSafeEqual(expected, hashCode(uid, code.trim()))) {
      db.prepare('DELETE FROM sms_challenges WHERE uid = ?').run(uid);
      return 'ok';
    }
    db.prepare('UPDATE sms_challenges SET attempts = attempts + 1 WHERE uid = ?').run(uid);
    return 'wrong';
  })();
}
