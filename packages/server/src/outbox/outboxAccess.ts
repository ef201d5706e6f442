import type { FastifyRequest } from 'fastify';
import type { CloudContext } from '../context.js';
import { sessionCaller } from '../auth/sessionCaller.js';
import { profileOf } from '../controllers/visibleSites.js';
import { HttpError } from '../http/HttpError.js';

/**
 * The outbox holds sign-in codes and password-reset links, so it is a system admin's (session cookie or
 * the auth service's bearer token). Only a demo cloud started with `--outbox public` opens it to anyone,
 * as the simulated world's phones and mailboxes; never together with --smtp.
 */
export async function assertOutboxReader(ctx: CloudContext, request: FastifyRequest): Promise<void> {
  if (ctx.config.outbox === 'public') return;
  const caller = await sessionCaller(ctx, request).catch(() => {
    throw new HttpError(401, 'The outbox is for system admins: sign in first (start the cloud with --outbox public to open it on a demo machine)');
  });
  if ((await profileOf(ctx, caller.uid))?.systemAdmin !== true) throw new HttpError(403, 'Only a system admin may read the outbox');
}
