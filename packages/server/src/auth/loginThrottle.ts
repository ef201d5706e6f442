import { sql } from 'kysely';
import type { Db } from '../storage/db.js';
import { inTransaction, lockForTransaction } from '../storage/transaction.js';

/** After this many wrong passwords from one client for one name, that client waits. */
export const MAX_FAILURES = 5;
/** Failures older than this are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** The first wait; it doubles with every further failure, up to the window. */
const FIRST_DELAY_MS = 60 * 1000;

/**
 * Failures are counted per sign-in name AND client address: an attacker guessing from one place is slowed
 * down more and more, while the owner signing in from anywhere else is not locked out by it. Known account
 * or not, so answers do not reveal which exist.
 */
export function accountKey(piscadaId: string, client: string): string {
  return `${piscadaId.trim().toLowerCase()}|${client}`;
}

/** Seconds until this client may try this name again, or null when it may now. */
async function throttledFor(db: Db, key: string, now: number): Promise<number | null> {
  const rows = (await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('account_key', '=', key)
    .where('failed_at', '>', now - FAILURE_WINDOW_MS)
    .orderBy('failed_at', 'desc')
    .execute()) as { failed_at: number }[];
  if (rows.length < MAX_FAILURES) return null;
  // 1 minute after the 5th failure, 2 after the 6th, 4 after the 7th ... at most 15.
  const delay = Math.min(FAILURE_WINDOW_MS, FIRST_DELAY_MS * 2 ** (rows.length - MAX_FAILURES));
  const unlockAt = Number(rows[0]!.failed_at) + delay;
  return unlockAt > now ? Math.max(1, Math.ceil((unlockAt - now) / 1000)) : null;
}

/**
 * Starts a password attempt: the seconds this client must still wait (nothing recorded), or null, and
 * then the attempt is already counted as a failure (a right password clears it with clearFailures).
 * Check and count are one transaction, so parallel guesses cannot all pass the check before any of
 * them is counted (the password check itself takes tens of milliseconds).
 */
export async function beginAttempt(db: Db, key: string, now: number): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    await lockForTransaction(tx, `login failures ${key}`);
    const retryAfterSeconds = await throttledFor(tx.db, key, now);
    if (retryAfterSeconds !== null) return retryAfterSeconds;
    await tx.db.deleteFrom('login_failures').where('account_key', '=', key).where('failed_at', '<=', now - FAILURE_WINDOW_MS).execute();
    await tx.db.insertInto('login_failures').values({ account_key: key, failed_at: now }).execute();
    return null;
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account_key', '=', key).execute();
}

/** A password reset clears the failures of its name from every client. */
export async function clearFailuresOfName(db: Db, piscadaId: string): Promise<void> {
  // LIKE with an explicit ESCAPE: SQLite has no default escape character, PostgreSQL's is '\'.
  const pattern = `${escapeLike(piscadaId.trim().toLowerCase())}|%`;
  await db.deleteFrom('login_failures').where(sql<boolean>`account_key LIKE ${pattern} ESCAPE '\\'`).execute();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
