import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessage } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import { sql } from 'kysely';
import type { Db } from '../storage/db.js';
import { insertWithCommit } from '../storage/deferredInserts.js';
import type { Tx } from '../storage/transaction.js';
import { createSmtpDelivery, type SmtpDelivery } from './smtp.js';
import { createSmtpQueue, type SmtpQueue } from './smtpQueue.js';

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
  /**
   * Stores the message with `tx`'s commit, where the transaction may hold it back to store it with
   * others in one INSERT (a users batch's invitations); e-mailed after that commit. Nothing returned:
   * its id is known only then.
   */
  sendWithCommit(message: NewMessage, tx: Tx): Promise<void>;
  list(query?: OutboxQuery): Promise<OutboxMessage[]>;
  /** The leader's part: sends the pending e-mail no live node is sending; resolves to how many it tried. */
  sweepSmtp(): Promise<number>;
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

function rowOf(message: NewMessage, forSmtp: boolean, createdAt: number) {
  return {
    channel: message.channel, recipient: message.to, subject: message.subject ?? null, body: message.body, created_at: createdAt,
    smtp_state: forSmtp ? 'pending' : null,
  };
}

export function createOutbox(db: Db, clock: Clock, log: FastifyBaseLogger, smtpUrl?: string): Outbox {
  const smtp: SmtpDelivery | null = smtpUrl ? createSmtpDelivery(smtpUrl) : null;
  const queue: SmtpQueue | null = smtp ? createSmtpQueue(db, smtp, log) : null;
  return {
    async send(message, tx) {
      const forSmtp = queue !== null && message.channel === 'email';
      const row = (await (tx?.db ?? db).insertInto('outbox').values(rowOf(message, forSmtp, clock.now())).returning(COLUMNS).executeTakeFirstOrThrow()) as OutboxRow;
      const stored = toMessage(row);
      // Stored first: the outbox is the record. This node sends it after the commit; should it die
      // first, the leader's sweep sends what is still pending (smtpQueue.ts).
      if (forSmtp) {
        if (tx) tx.afterCommit(() => void queue.deliver(stored));
        else void queue.deliver(stored);
      }
      return stored;
    },
    async sendWithCommit(message, tx) {
      const forSmtp = queue !== null && message.channel === 'email';
      await insertWithCommit(tx, 'outbox', rowOf(message, forSmtp, clock.now()), COLUMNS, (row, at) => {
        const stored = toMessage(row as unknown as OutboxRow);
        if (forSmtp) at.afterCommit(() => void queue.deliver(stored));
      });
    },
    sweepSmtp: () => queue?.sweep() ?? Promise.resolve(0),
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
