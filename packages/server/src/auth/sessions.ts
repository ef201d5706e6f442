import type { Db } from '../storage/db.js';
import { hashSecret, randomSecret } from './secrets.js';

export const SESSION_COOKIE = 'varde_session';
/** A browser session lives 24 h after sign-in or its last renewal (the portal renews hourly). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** Creates a session; returns its id (only its hash is stored). */
export function createSession(db: Db, uid: string, now: number): string {
  const id = randomSecret();
  db.prepare('INSERT INTO sessions (id_hash, uid, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    hashSecret(id),
    uid,
    now,
    now + SESSION_TTL_MS,
  );
  return id;
}

/** The session's uid, or null when unknown or expired (expired ones are removed). */
export function findSession(db: Db, id: string, now: number): string | null {
  const idHash = hashSecret(id);
  const row = db.prepare('SELECT uid, expires_at FROM sessions WHERE id_hash = ?').get(idHash) as
    | { uid: string; expires_at: number }
    | undefined;
  if (!row) return null;
  if (row.expires_at <= now) {
    db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
    return null;
  }
  return row.uid;
}

export function extendSession(db: Db, id: string, now: number): void {
  db.prepare('UPDATE sessions SET expires_at = ? WHERE id_hash = ?').run(now + SESSION_TTL_MS, hashSecret(id));
}

export function deleteSession(db: Db, id: string): void {
  db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hashSecret(id));
}

/** After a password reset every session of the account ends. */
export function deleteSessionsOf(db: Db, uid: string): void {
  db.prepare('DELETE FROM sessions WHERE uid = ?').run(uid);
}
