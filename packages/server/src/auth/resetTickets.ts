import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';
import { insertWithCommit } from '../storage/deferredInserts.js';
import { inTransaction, type Tx } from '../storage/transaction.js';
import { hashSecret, randomSecret } from './secrets.js';

/** A reset link works for one hour, once. */
export const RESET_TICKET_TTL_MS = 60 * 60 * 1000;
/** An invitation (a new user without a password) waits longer: people read such mail days later. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function createResetTicket(db: Db, uid: string, now: number, ttlMs = RESET_TICKET_TTL_MS): Promise<string> {
  const ticket = randomSecret();
  await db.insertInto('reset_tickets').values({ ticket_hash: hashSecret(ticket), uid, expires_at: now + ttlMs }).execute();
  return ticket;
}

/** A ticket stored with `tx`'s commit (with the other tickets of a users batch, in one INSERT). */
export async function createResetTicketWithCommit(tx: Tx, uid: string, now: number, ttlMs = RESET_TICKET_TTL_MS): Promise<string> {
  const ticket = randomSecret();
  await insertWithCommit(tx, 'reset_tickets', { ticket_hash: hashSecret(ticket), uid, expires_at: now + ttlMs });
  return ticket;
}

export type TicketUse = { ok: true } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Marks the ticket used if it belongs to `uid`, is unused and not expired, and only then runs
 * `apply` (the password change) with the transaction, all in one transaction: a ticket cannot be used
 * twice. The mark is a conditional UPDATE (still unused), so of two uses at once only one applies.
 */
export async function useResetTicket(db: Db, uid: string, ticket: string, now: number, apply: (tx: Tx) => Promise<void>): Promise<TicketUse> {
  return inTransaction(db, async (tx): Promise<TicketUse> => {
    const ticketHash = hashSecret(ticket);
    const row = (await tx.db.selectFrom('reset_tickets').select(['uid', 'expires_at', 'used_at']).where('ticket_hash', '=', ticketHash).executeTakeFirst()) as
      | { uid: string; expires_at: number; used_at: number | null }
      | undefined;
    if (!row || row.uid !== uid) return { ok: false, reason: 'unknown' };
    if (row.used_at !== null) return { ok: false, reason: 'used' };
    if (Number(row.expires_at) <= now) return { ok: false, reason: 'expired' };
    const marked = await tx.db.updateTable('reset_tickets').set({ used_at: now }).where('ticket_hash', '=', ticketHash).where('used_at', 'is', null).executeTakeFirst();
    if (touched(marked) === 0) return { ok: false, reason: 'used' };
    await apply(tx);
    return { ok: true };
  });
}
