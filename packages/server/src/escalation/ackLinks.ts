import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';

/** How long a link in an escalation message acknowledges (the issue: 12 hours). */
export const ACK_LINK_LIFETIME_MS = 12 * 60 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link's row: its alarm and recipient, and whether it can still be used. */
export interface AckLink {
  alarmId: string;
  userUid: string;
  escalationId: string;
  expiresAt: number;
  usedAt: number | null;
}

/** A new link token for one recipient of one step (256 random bits, URL-safe; only its hash is stored). Inside the step's transaction. */
export async function createAckLink(db: Db, link: { alarmId: string; userUid: string; escalationId: string }, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('alarm_ack_links')
    .values({ token_hash: hashOf(token), alarm_id: link.alarmId, user_uid: link.userUid, escalation_id: link.escalationId, created_at: now, expires_at: now + ACK_LINK_LIFETIME_MS, used_at: null })
    .execute();
  return token;
}

/** The link a token names, or null for one that is unknown (or malformed). */
export async function ackLinkOf(db: Db, token: string): Promise<AckLink | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db.selectFrom('alarm_ack_links').select(['alarm_id', 'user_uid', 'escalation_id', 'expires_at', 'used_at']).where('token_hash', '=', hashOf(token)).executeTakeFirst();
  if (!row) return null;
  return { alarmId: row.alarm_id as string, userUid: row.user_uid as string, escalationId: row.escalation_id as string, expiresAt: Number(row.expires_at), usedAt: row.used_at === null ? null : Number(row.used_at) };
}

/** Uses the link once: true only for the one call that found it unused and unexpired (a conditional update, so two clicks cannot both win). */
export async function useAckLink(db: Db, token: string, now: number): Promise<boolean> {
  const result = await db.updateTable('alarm_ack_links').set({ used_at: now }).where('token_hash', '=', hashOf(token)).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return touched(result) === 1;
}
