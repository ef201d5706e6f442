import type { FastifyReply } from 'fastify';
import type { SignedIn } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { HttpError } from '../http/HttpError.js';
import { serializeCookie } from '../http/cookies.js';
import { mintAccessTokens } from '../tokens/accessTokens.js';
import { mintCustomToken } from '../tokens/customTokens.js';
import { readProfile } from '../users/profiles.js';
import { accountByUid } from './accounts.js';
import { SESSION_COOKIE, SESSION_TTL_MS, createSession } from './sessions.js';
import { recordSignIn, type SignInWay } from './signInAudit.js';
import { inTransaction } from '../storage/transaction.js';

/** Cookies are Secure when the cloud is served over https. */
export function sessionCookieIsSecure(ctx: Pick<CloudContext, 'config'>): boolean {
  return ctx.config.publicOrigin.startsWith('https:');
}

/**
 * Completes a sign-in (password without SMS, SMS code, or ID token): starts a backend session
 * (cookie) and answers with the service tokens, a realtime custom token and the user's data.
 */
export async function completeSignIn(ctx: CloudContext, reply: FastifyReply, uid: string, way: SignInWay): Promise<SignedIn> {
  const account = await accountByUid(ctx.db, uid);
  if (!account) throw new HttpError(401, 'Unknown account');
  // Every way in ends here (password, SMS code, ID token): none opens a session for these.
  if (account.disabled || account.kind !== 'person') throw new HttpError(401, 'This account cannot sign in; ask your administrator');
  // The session and its audit record commit together.
  const session = await inTransaction(ctx.db, async (tx) => {
    const started = await createSession(tx.db, uid, ctx.clock.now());
    await recordSignIn(ctx, tx, reply.request, uid, way);
    return started;
  });
  const { accessTokens, expiresAt } = await mintAccessTokens(ctx, session);
  const token = await mintCustomToken(ctx, uid, { sid: session.sid });
  reply.header(
    'Set-Cookie',
    serializeCookie(SESSION_COOKIE, session.secret, {
      maxAgeSeconds: SESSION_TTL_MS / 1000,
      secure: sessionCookieIsSecure(ctx),
    }),
  );
  return {
    requireSmsValidation: false,
    uid,
    token,
    accessTokens,
    expiresAt,
    user: await readProfile(ctx.realtime, account),
  };
}
