import { randomUUID } from 'node:crypto';
import type { Db } from '../storage/db.js';
import { endProviderSessionsOf } from '../oidc/accountSessions.js';
import { hashSecret, randomSecret } from './secrets.js';

export const SESSION_COOKIE = 'varde_session';
/** A browser session lives 24 h after sign-in or its last renewal (the portal renews hourly). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * One sign-in. `secret` is the browser's cookie (only its hash is stored); `sid` names the session in
 * every token minted for it; `generation` counts refreshes (the auth token of the newest is the only one
 * that may refresh).
 */
export interface Session {
  uid: string;
  sid: string;
  generation: number;
}

export function createSession(db: Db, uid: string, now: number): Session & { secret: string } {
  const secret = randomSecret();
  const sid = randomUUID();
  db.prepare('INSERT INTO sessions (id_hash, uid, created_at, expires_at, sid, generation) VALUES (?, ?, ?, ?, ?, 0)').run(
    hashSecret(secret),
    uid,
    now,
    now + SESSION_TTL_MS,
    sid,
  );
  return { secret, uid, sid, generation: 0 };
}

type SessionRow = { uid: string; sid: string; generation: number; expires_at: number };

function live(db: Db, row: SessionRow | undefined, now: number): Session | null {
  if (!row) return null;
  if (row.expires_at <= now) {
    db.prepare('DELETE FROM sessions WHERE sid = ?').run(row.sid);
    return null;
  }
  return { uid: row.uid, sid: row.sid, generation: row.generation };
}

/** The session of a cookie, or null when unknown or expired (expired ones are removed). */
export function findSession(db: Db, secret: string, now: number): Session | null {
  const row = db.prepare('SELECT uid, sid, generation, expires_at FROM sessions WHERE id_hash = ?').get(hashSecret(secret));
  return live(db, row as SessionRow | undefined, now);
}

/** The session a token names, or null once it has ended. Checked on every request. */
export function sessionBySid(db: Db, sid: string, now: number): Session | null {
  const row = db.prepare('SELECT uid, sid, generation, expires_at FROM sessions WHERE sid = ?').get(sid);
  return live(db, row as SessionRow | undefined, now);
}

/** A refresh: the session lives on (24 h from now) and its next generation is the only one that may refresh. */
export function renewSession(db: Db, sid: string, now: number): Session {
  db.prepare('UPDATE sessions SET expires_at = ?, generation = generation + 1 WHERE sid = ?').run(now + SESSION_TTL_MS, sid);
  return sessionBySid(db, sid, now)!;
}

/** Whether a realtime sign-in (custom, ID or refresh token claims naming a session) still lives. */
export function signInLives(db: Db, uid: string, claims: Record<string, unknown>, now: number): boolean {
  return typeof claims.sid === 'string' && sessionBySid(db, claims.sid, now)?.uid === uid;
}

/**
 * A renewal by cookie gives the browser a new cookie; the old one is retired (kept hashed with its
 * session until that could have expired). Returns the new cookie's secret.
 */
export function rotateSessionCookie(db: Db, sid: string, oldSecret: string, now: number): string {
  const secret = randomSecret();
  db.transaction(() => {
    db.prepare('DELETE FROM retired_session_cookies WHERE expires_at <= ?').run(now);
    db.prepare('UPDATE sessions SET id_hash = ? WHERE sid = ?').run(hashSecret(secret), sid);
    db.prepare('INSERT OR REPLACE INTO retired_session_cookies (hash, sid, retired_at, expires_at) VALUES (?, ?, ?, ?)').run(
      hashSecret(oldSecret),
      sid,
      now,
      now + SESSION_TTL_MS,
    );
  })();
  return secret;
}

/** The session a retired cookie belonged to, and when it was retired; null for a cookie never seen. */
export function findRetiredCookie(db: Db, secret: string, now: number): { sid: string; retiredAt: number } | null {
  const row = db
    .prepare('SELECT sid, retired_at FROM retired_session_cookies WHERE hash = ? AND expires_at > ?')
    .get(hashSecret(secret), now) as { sid: string; retired_at: number } | undefined;
  return row ? { sid: row.sid, retiredAt: row.retired_at } : null;
}

export function deleteSession(db: Db, sid: string): void {
  db.prepare('DELETE FROM sessions WHERE sid = ?').run(sid);
}

/**
 * Ends every session of an account (a password reset, a lower role, deletion), or all but one (your own
 * password change), and its sign-ins at the identity provider, which could otherwise start new ones.
 */
export function deleteSessionsOf(db: Db, uid: string, except?: string): void {
  db.prepare('DELETE FROM sessions WHERE uid = ? AND sid IS NOT ?').run(uid, except ?? null);
  endProviderSessionsOf(db, uid);
}
