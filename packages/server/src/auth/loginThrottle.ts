import type { Db } from '../storage/db.js';

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
export function throttledFor(db: Db, key: string, now: number): number | null {
  const rows = db
    .prepare('SELECT failed_at FROM login_failures WHERE account_key = ? AND failed_at > ? ORDER BY failed_at DESC')
    .all(key, now - FAILURE_WINDOW_MS) as { failed_at: number }[];
  if (rows.length < MAX_FAILURES) return null;
  // 1 minute after the 5th failure, 2 after the 6th, 4 after the 7th ... at most 15.
  const delay = Math.min(FAILURE_WINDOW_MS, FIRST_DELAY_MS * 2 ** (rows.length - MAX_FAILURES));
  const unlockAt = rows[0]!.failed_at + delay;
  return unlockAt > now ? Math.max(1, Math.ceil((unlockAt - now) / 1000)) : null;
}

export function recordFailure(db: Db, key: string, now: number): void {
  db.transaction(() => {
    db.prepare('DELETE FROM login_failures WHERE account_key = ? AND failed_at <= ?').run(key, now - FAILURE_WINDOW_MS);
    db.prepare('INSERT INTO login_failures (account_key, failed_at) VALUES (?, ?)').run(key, now);
  })();
}

export function clearFailures(db: Db, key: string): void {
  db.prepare('DELETE FROM login_failures WHERE account_key = ?').run(key);
}

/** A password reset clears the failures of its name from every client. */
export function clearFailuresOfName(db: Db, piscadaId: string): void {
  db.prepare('DELETE FROM login_failures WHERE account_key LIKE ? ESCAPE ?').run(`${escapeLike(piscadaId.trim().toLowerCase())}|%`, '\\');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
