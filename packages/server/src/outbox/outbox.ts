import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessage } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import { sql } from 'kysely';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';
import { createSmtpDelivery, type SmtpDelivery } from './smtp.js';

export interface NewMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string | null;
  body: string;
}

export interface OutboxQuery {
  to?: string;
  channel?: 'email' | 'sms';
  /** Only messages created at or after this time (ms since epoch). */
  since?: number;
}

/** Every e-mail and SMS the cloud sends; also stands in for the phones and mailboxes of the demo world. */
export interface Outbox {
  /** Stores the message (inside `tx` when given; it is e-mailed only after that commits). */
  send(message: NewMessage, tx?: Tx): Promise<OutboxMessage>;
  list(query?: OutboxQuery): Promise<OutboxMessage[]>;
  close(): void;
}

interface OutboxRow {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: number;
}

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: Number(row.id),
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: Number(row.created_at),
  };
}

const COLUMNS = ['id', 'channel', 'recipient', 'subject', 'body', 'created_at'] as const;

export function createOutbox(db: Db, clock: Clock, log: FastifyBaseLogger, smtpUrl?: string): Outbox {
  const smtp: SmtpDelivery | null = smtpUrl ? createSmtpDelivery(smtpUrl) : null;
  const deliver = (stored: OutboxMessage) => {
    smtp?.deliver(stored).catch((error: unknown) => {
      log.warn({ messageId: stored.id, reason: (error as Error).message }, 'SMTP delivery failed');
    });
  };
  return {
    async send(message, tx) {
      const row = (await (tx?.db ?? db)
        .insertInto('outbox')
        .values({ channel: message.channel, recipient: message.to, subject: message.subject ?? null, body: message.body, created_at: clock.now() })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()) as OutboxRow;
      const stored = toMessage(row);
      // Stored first: the outbox is the record; SMTP is best-effort delivery on top of it.
      if (smtp && stored.channel === 'email') {
        if (tx) tx.afterCommit(() => deliver(stored));
        else deliver(stored);
      }
      return stored;
    },
    async list(query = {}) {
      let select = db.selectFrom('outbox').select(COLUMNS);
      // Addresses compare without case (lower() on both sides works on every engine).
      if (query.to !== undefined) select = select.where(sql<string>`lower(recipient)`, '=', query.to.toLowerCase());
      if (query.channel !== undefined) select = select.where('channel', '=', query.channel);
      if (query.since !== undefined) select = select.where('created_at', '>=', query.since);
      return ((await select.orderBy('id', 'desc').execute()) as OutboxRow[]).map(toMessage);
    },
    close() {
      smtp?.close();
    },
  };
}
