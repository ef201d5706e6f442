import type { Db } from '../storage/db.js';
import { hashSecret, randomSecret } from './secrets.js';

/** A reset link works for one hour, once. */
export const RESET_TICKET_TTL_MS = 60 * 60 * 1000;
/** An invitation (a new user without a password) waits longer: people read such mail days later. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function createResetTicket(db: Db, uid: string, now: number, ttlMs = RESET_TICKET_TTL_MS): string {
  const ticket = randomSecret();
  db.prepare('INSERT INTO reset_tickets (ticket_hash, uid, expires_at) VALUES (?, ?, ?)').run(
    hashSecret(ticket),
    uid,
    now + ttlMs,
  );
  return ticket;
}

export type TicketUse = { ok: true } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Marks the ticket used if it belongs to `uid`, is unused and not expired, and only then runs
 * `apply` (the password change), all in one transaction: a ticket cannot be used twice.
 */
export function useResetTicket(db: Db, uid: string, ticket: string, now: number, apply: () => void): TicketUse {
  return db.transaction((): TicketUse => {
    const ticketHash = hashSecret(ticket);
    const row = db.prepare('SELECT uid, expires_at, used_at FROM reset_tickets WHERE ticket_hash = ?').get(ticketHash) as
      | { uid: string; expires_at: number; used_at: number | null }
      | undefined;
    if (!row || row.uid !== uid) return { ok: false, reason: 'unknown' };
    if (row.used_at !== null) return { ok: false, reason: 'used' };
    if (row.expires_at <= now) return { ok: false, reason: 'expired' };
    db.prepare('UPDATE reset_tickets SET used_at = ? WHERE ticket_hash = ?').run(now, ticketHash);
    apply();
    return { ok: true };
  })();
}
