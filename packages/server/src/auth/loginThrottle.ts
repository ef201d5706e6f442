import type { Db } from '../storage/db.js';

/** 5 wrong passwords for one account within 15 minutes lock that account's password sign-in. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Throttling is per sign-in name, known account or not, so answers do not reveal which exist. */
export function accountKey(piscadaId: string): string {
  return piscadaId.trim().toLowerCase();
}

/** Seconds until the next attempt is allowed, or null when not throttled. */
export function throttledFor(db: Db, key: string, now: number): number | null {
  const rows = db
    .prepare('SELECT failed_at FROM login_failures WHERE account_key = ? AND failed_at > ? ORDER BY failed_at DESC')
    .all(key, now - FAILURE_WINDOW_MS) as { failed_at: number }[];
  if (rows.length < MAX_FAILURES) return null;
  // Allowed again when the MAX_FAILURES-th newest failure leaves the window.
  const unlockAt = rows[MAX_FAILURES - 1]!.failed_at + FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((unlockAt - now) / 1000));
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
