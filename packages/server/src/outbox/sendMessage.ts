import type { OutboxMessage } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import type { Tx } from '../storage/transaction.js';
import type { NewMessage } from './outbox.js';

/** Sends an e-mail or SMS: stored in the outbox, and over SMTP too when config.smtpUrl is set. */
export function sendMessage(ctx: Pick<CloudContext, 'outbox'>, message: NewMessage, tx?: Tx): Promise<OutboxMessage> {
  return ctx.outbox.send(message, tx);
}
