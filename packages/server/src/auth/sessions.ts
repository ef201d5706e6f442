import { randomUUID } from 'node:crypto';
import type { Role } from '@varde/core/contract';
import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';
import { inTransaction } from '../storage/transaction.js';
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

export async function createSession(db: Db, uid: string, now: number): Promise<Session & { secret: string }> {
  const secret = randomSecret();
  const sid = randomUUID();
  await db
    .insertInto('sessions')
    .values({ id_hash: hashSecret(secret), uid, created_at: now, expires_at: now + SESSION_TTL_MS, sid, generation: 0 })
    .execute();
  return { secret, uid, sid, generation: 0 };
}

export type SessionRow = { uid: string; sid: string; generation: number; expires_at: number };

const SESSION_COLUMNS = ['uid', 'sid', 'generation', 'expires_at'] as const;

export async function liveSession(db: Db, row: SessionRow | undefined, now: number): Promise<Session | null> {
  if (!row) return null;
  if (Number(row.expires_at) <= now) {
    await db.deleteFrom('sessions').where('sid', '=', row.sid).execute();
    return null;
  }
  return { uid: row.uid, sid: row.sid, generation: Number(row.generation) };
}

/** The session of a cookie, or null when unknown or expired (expired ones are removed). */
export async function findSession(db: Db, secret: string, now: number): Promise<Session | null> {
  const row = await db.selectFrom('sessions').select(SESSION_COLUMNS).where('id_hash', '=', hashSecret(secret)).executeTakeFirst();
  return liveSession(db, row as SessionRow | undefined, now);
}

/** The session a token names, or null once it has ended. Checked on every request. */
export async function sessionBySid(db: Db, sid: string, now: number): Promise<Session | null> {
  const row = await db.selectFrom('sessions').select(SESSION_COLUMNS).where('sid', '=', sid).executeTakeFirst();
  return liveSession(db, row as SessionRow | undefined, now);
}

/**
 * The session a token names with its account's role now, in one query (checked on every request, so
 * the users service needs no second read for the role). A session whose account is gone has ended.
 */
export async function sessionWithRoleBySid(db: Db, sid: string, now: number): Promise<(Session & { role: Role }) | null> {
  const row = (await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.uid', 'sessions.uid')
    .select(['sessions.uid', 'sessions.sid', 'sessions.generation', 'sessions.expires_at', 'accounts.role'])
    .where('sessions.sid', '=', sid)
    .executeTakeFirst()) as (SessionRow & { role: Role }) | undefined;
  const session = await liveSession(db, row, now);
  return session && row ? { ...session, role: row.role } : null;
}

/** The uid of each session among `sids` that lives, by sid (unknown and expired ones are left out). */
export async function liveSessionUids(db: Db, sids: readonly string[], now: number): Promise<Map<string, string>> {
  if (sids.length === 0) return new Map();
  const rows = (await db.selectFrom('sessions').select(['sid', 'uid']).where('sid', 'in', sids).where('expires_at', '>', now).execute()) as Array<{ sid: string; uid: string }>;
  return new Map(rows.map((row) => [row.sid, row.uid]));
}

/**
 * A refresh: the session lives on (24 h from now) and its next generation is the only one that may
 * refresh. With `fromGeneration` (a bearer renewal) only that generation moves on: the check and the
 * move are one UPDATE, so of two renewals with one token only one wins. The row the UPDATE leaves is
 * the answer (RETURNING); null when nothing moved (the session ended, or the generation had moved on).
 */
export async function renewSession(db: Db, sid: string, now: number, fromGeneration?: number): Promise<Session | null> {
  let renewal = db
    .updateTable('sessions')
    .set((eb) => ({ expires_at: now + SESSION_TTL_MS, generation: eb('generation', '+', 1) }))
    .where('sid', '=', sid);
  if (fromGeneration !== undefined) renewal = renewal.where('generation', '=', fromGeneration);
  const row = await renewal.returning(['uid', 'sid', 'generation']).executeTakeFirst();
  return row ? { uid: row.uid as string, sid: row.sid as string, generation: Number(row.generation) } : null;
}

/** Whether a realtime sign-in (custom, ID or refresh token claims naming a session) still lives. */
export async function signInLives(db: Db, uid: string, claims: Record<string, unknown>, now: number): Promise<boolean> {
  return typeof claims.sid === 'string' && (await sessionBySid(db, claims.sid, now))?.uid === uid;
}

/**
 * A renewal by cookie gives the browser a new cookie; the old one is retired (kept hashed with its
 * session until that could have expired). Returns the new cookie's secret, or null when a renewal that
 * raced this one rotated the old cookie already (the browser then keeps the other renewal's cookie, and
 * the old one still counts for the grace of sessionCaller).
 */
export async function rotateSessionCookie(db: Db, sid: string, oldSecret: string, now: number): Promise<string | null> {
  const secret = randomSecret();
  return inTransaction(db, async (tx) => {
    await tx.db.deleteFrom('retired_session_cookies').where('expires_at', '<=', now).execute();
    const rotated = await tx.db
      .updateTable('sessions')
      .set({ id_hash: hashSecret(secret) })
      .where('sid', '=', sid)
      .where('id_hash', '=', hashSecret(oldSecret))
      .executeTakeFirst();
    if (touched(rotated) === 0) return null;
    await tx.db
      .insertInto('retired_session_cookies')
      .values({ hash: hashSecret(oldSecret), sid, retired_at: now, expires_at: now + SESSION_TTL_MS })
      .onConflict((oc) =>
        oc.column('hash').doUpdateSet((eb) => ({
          sid: eb.ref('excluded.sid'),
          retired_at: eb.ref('excluded.retired_at'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .execute();
    return secret;
  });
}

/** The session a retired cookie belonged to, and when it was retired; null for a cookie never seen. */
export async function findRetiredCookie(db: Db, secret: string, now: number): Promise<{ sid: string; retiredAt: number } | null> {
  const row = (await db
    .selectFrom('retired_session_cookies')
    .select(['sid', 'retired_at'])
    .where('hash', '=', hashSecret(secret))
    .where('expires_at', '>', now)
    .executeTakeFirst()) as { sid: string; retired_at: number } | undefined;
  return row ? { sid: row.sid, retiredAt: Number(row.retired_at) } : null;
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

/**
 * Ends every session of an account (a password reset, a lower role, deletion), or all but one (your own
 * password change), and its sign-ins at the identity provider, which could otherwise start new ones.
 * `db` may be a transaction's (tx.db): both deletions then commit with it.
 */
export async function deleteSessionsOf(db: Db, uid: string, except?: string): Promise<void> {
  let sessions = db.deleteFrom('sessions').where('uid', '=', uid);
  if (except !== undefined) sessions = sessions.where('sid', '<>', except);
  await sessions.execute();
  await endProviderSessionsOf(db, uid);
}
