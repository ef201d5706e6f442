import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessage } from '@varde/core/contract';
import type { Db } from '../storage/db.js';
import { touched } from '../storage/executeResults.js';
import type { SmtpDelivery } from './smtp.js';

/** A claim older than this belongs to a node that died while sending: the message is sent again. */
export const SMTP_CLAIM_STALE_MS = 60_000;
/** After this many failed tries a message is given up ('failed'; it stays in the outbox). */
const MAX_ATTEMPTS = 5;

/**
 * Sends the outbox's pending e-mail over SMTP, each message claimed first (one conditional UPDATE), so
 * that of the writing node (right after its commit) and the leader (sweeping what is still pending) only
 * one sends it. Delivery is at least once: a node that dies after the SMTP server accepted a message but
 * before it marked it sent leaves a claim that goes stale, and the message is sent again.
 */
export function createSmtpQueue(db: Db, smtp: SmtpDelivery, log: FastifyBaseLogger) {
  async function claim(id: number): Promise<boolean> {
    const now = Date.now();
    const result = await db
      .updateTable('outbox')
      .set({ smtp_claimed_at: now })
      .where('id', '=', id)
      .where('smtp_state', '=', 'pending')
      .where((eb) => eb.or([eb('smtp_claimed_at', 'is', null), eb('smtp_claimed_at', '<', now - SMTP_CLAIM_STALE_MS)]))
      .executeTakeFirst();
    return touched(result) > 0;
  }

  async function deliver(message: OutboxMessage): Promise<void> {
    if (!(await claim(message.id))) return;
    try {
      await smtp.deliver(message);
      await db.updateTable('outbox').set({ smtp_state: 'sent' }).where('id', '=', message.id).execute();
    } catch (error) {
      log.warn({ messageId: message.id, reason: (error as Error).message }, 'SMTP delivery failed');
      const row = (await db.selectFrom('outbox').select('smtp_attempts').where('id', '=', message.id).executeTakeFirst()) as { smtp_attempts: number } | undefined;
      const attempts = Number(row?.smtp_attempts ?? 0) + 1;
      await db
        .updateTable('outbox')
        .set({ smtp_attempts: attempts, smtp_claimed_at: null, smtp_state: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
        .where('id', '=', message.id)
        .execute();
    }
  }

  return {
    /** Right after the commit, on the node that stored it. */
    deliver: (message: OutboxMessage) => deliver(message).catch((error: unknown) => log.warn({ err: error }, 'SMTP delivery')),
    /** The leader's sweep: pending messages nobody holds (their node died, or a try failed). */
    async sweep(): Promise<number> {
      const rows = (await db
        .selectFrom('outbox')
        .select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at'])
        .where('smtp_state', '=', 'pending')
        .where((eb) => eb.or([eb('smtp_claimed_at', 'is', null), eb('smtp_claimed_at', '<', Date.now() - SMTP_CLAIM_STALE_MS)]))
        .orderBy('id')
        .limit(100)
        .execute()) as Array<{ id: number; channel: 'email' | 'sms'; recipient: string; subject: string | null; body: string; created_at: number }>;
      for (const row of rows) {
        await deliver({ id: Number(row.id), channel: row.channel, to: row.recipient, subject: row.subject, body: row.body, createdAt: Number(row.created_at) });
      }
      return rows.length;
    },
  };
}
export type SmtpQueue = ReturnType<typeof createSmtpQueue>;
