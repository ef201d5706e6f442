import type { FastifyInstance } from 'fastify';
import { requestResetPasswordRequest, resetPasswordRequest } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { languageOfUser, resetRequestedMail } from '../outbox/messageTexts.js';
import { sendMessage } from '../outbox/sendMessage.js';
import { accountByEmail, accountByUid, updatePasswordHash } from './accounts.js';
import { clearFailuresOfName } from './loginThrottle.js';
import { RATE_LIMITS, limiterFor, perClient } from './rateLimits.js';
import { createResetTicket, useResetTicket, RESET_TICKET_TTL_MS } from './resetTickets.js';
import { hashPassword } from './secrets.js';
import { deleteSessionsOf } from './sessions.js';

const TICKET_REFUSED = {
  unknown: 'This password reset link is not valid. Request a new one.',
  used: 'This password reset link has already been used. Request a new one.',
  expired: 'This password reset link has expired. Request a new one.',
} as const;

/** The link the e-mail carries; the portal's /reset-password reads uuid and ticket from the hash. */
export function resetPasswordLink(publicOrigin: string, uid: string, ticket: string): string {
  return `${publicOrigin}/reset-password#uuid=${encodeURIComponent(uid)}&ticket=${encodeURIComponent(ticket)}`;
}

/** POST /requestResetPassword, POST /resetPassword (mounted under /cloud/auth). */
export function registerResetPasswordRoutes(app: FastifyInstance, ctx: CloudContext): void {
  // Public: the user has forgotten the password. Always {ok:true}, so accounts cannot be probed.
  const perAddress = limiterFor(app, 'reset e-mails per address', RATE_LIMITS.resetEmailsPerAddress, (request) =>
    `reset:${String((request.body as { email?: unknown }).email).trim().toLowerCase()}`);
  app.post('/requestResetPassword', { config: { public: true, ...perClient(RATE_LIMITS.resetRequests) } }, async (request) => {
    const { email } = parseWith(requestResetPasswordRequest, request.body);
    await perAddress(request);
    const account = await accountByEmail(ctx.db, email);
    // Nothing for an account that cannot sign in (disabled, a service account); the answer is the same.
    if (account && !account.disabled && account.kind === 'person') {
      const ticket = await createResetTicket(ctx.db, account.uid, ctx.clock.now());
      const link = resetPasswordLink(ctx.config.publicOrigin, account.uid, ticket);
      const language = await languageOfUser(ctx, account.uid);
      await sendMessage(ctx, { channel: 'email', to: account.email, ...resetRequestedMail(language, link, RESET_TICKET_TTL_MS / 60_000) });
    }
    return { ok: true as const };
  });

  // Public: the e-mailed ticket is the credential.
  app.post('/resetPassword', { config: { public: true } }, async (request) => {
    const { uuid, ticket, password } = parseWith(resetPasswordRequest, request.body);
    const passwordHash = await hashPassword(password);
    const result = await useResetTicket(ctx.db, uuid, ticket, ctx.clock.now(), async (tx) => {
      await updatePasswordHash(tx.db, uuid, passwordHash);
      await deleteSessionsOf(tx.db, uuid);
    });
    if (!result.ok) throw new HttpError(400, TICKET_REFUSED[result.reason]);
    // A new password also lifts a sign-in lock from earlier wrong guesses.
    const account = await accountByUid(ctx.db, uuid);
    if (account) await clearFailuresOfName(ctx.db, account.email);
    return { ok: true as const };
  });
}
