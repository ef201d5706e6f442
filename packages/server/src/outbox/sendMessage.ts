import type { OutboxMessage } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import type { NewMessage } from './outbox.js';

/** Sends an e-mail or SMS: stored in the outbox, and over SMTP too when config.smtpUrl is set. */
export function sendMessage(ctx: Pick<CloudContext, 'outbox'>, message: NewMessage): OutboxMessage {
  return ctx.outbox.send(message);
}
