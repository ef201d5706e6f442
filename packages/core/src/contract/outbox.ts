import * as z from 'zod/mini';
import './zodLocale.js';
import { dataEnvelope } from './common.js';

/**
 * The reference cloud's outbox: every e-mail and SMS the cloud sends, kept so that people and
 * tests can read what a real phone or mailbox would have received. Not a production service.
 */
export const outboxMessage = z.object({
  id: z.number().check(z.int()),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.nullable(z.string()),
  body: z.string(),
  /** ms since epoch */
  createdAt: z.number(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** GET /cloud/outbox/messages?to=&channel=&since= */
export const listOutboxQuery = z.object({
  to: z.optional(z.string()),
  channel: z.optional(z.enum(['email', 'sms'])),
  since: z.optional(z.coerce.number().check(z.int())),
});
export const listOutboxResponse = dataEnvelope(outboxMessage);
