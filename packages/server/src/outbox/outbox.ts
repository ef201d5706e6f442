import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessage } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
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
  send(message: NewMessage): OutboxMessage;
  list(query?: OutboxQuery): OutboxMessage[];
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
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at,
  };
}

export function createOutbox(db: Db, clock: Clock, log: FastifyBaseLogger, smtpUrl?: string): Outbox {
  const smtp: SmtpDelivery | null = smtpUrl ? createSmtpDelivery(smtpUrl) : null;
  const insert = db.prepare(
    'INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
  );
  return {
    send(message) {
      const row = insert.get(message.channel, message.to, message.subject ?? null, message.body, clock.now()) as OutboxRow;
      const stored = toMessage(row);
      if (smtp && stored.channel === 'email') {
        // Stored first: the outbox is the record; SMTP is best-effort delivery on top of it.
        smtp.deliver(stored).catch((error: unknown) => {
          log.warn({ messageId: stored.id, reason: (error as Error).message }, 'SMTP delivery failed');
        });
      }
      return stored;
    },
    list(query = {}) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (query.to !== undefined) {
        where.push('recipient = ? COLLATE NOCASE');
        params.push(query.to);
      }
      if (query.channel !== undefined) {
        where.push('channel = ?');
        params.push(query.channel);
      }
      if (query.since !== undefined) {
        where.push('created_at >= ?');
        params.push(query.since);
      }
      const sql = `SELECT * FROM outbox ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC`;
      return (db.prepare(sql).all(...params) as OutboxRow[]).map(toMessage);
    },
    close() {
      smtp?.close();
    },
  };
}
