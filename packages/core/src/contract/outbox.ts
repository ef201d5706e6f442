import * as z from 'zod';
import { dataEnvelope } from './common.js';

/**
 * The reference cloud's outbox: every e-mail and SMS the cloud sends, kept so that people and
 * tests can read what a real phone or mailbox would have received. Not a production service.
 */
export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** ms since epoch */
  createdAt: z.number(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** GET /cloud/outbox/messages?to=&channel=&since= */
export const listOutboxQuery = z.object({
  to: z.string().optional(),
  channel: z.enum(['email', 'sms']).optional(),
  since: z.coerce.number().int().optional(),
});
export const listOutboxResponse = dataEnvelope(outboxMessage);
