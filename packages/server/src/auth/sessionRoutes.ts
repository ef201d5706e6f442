import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CloudContext } from '../context.js';
import { serializeCookie } from '../http/cookies.js';
import { HttpError } from '../http/HttpError.js';
import { mintAccessTokens } from '../tokens/accessTokens.js';
import { readProfile } from '../users/profiles.js';
import { accountByUid } from './accounts.js';
import { sessionCaller } from './sessionCaller.js';
import { SESSION_COOKIE, SESSION_TTL_MS, deleteSession, renewSession, rotateSessionCookie } from './sessions.js';
import { sessionCookieIsSecure } from './signIn.js';
import { recordSignOut } from './signInAudit.js';
import { inTransaction } from '../storage/transaction.js';
import { personalTokenIn } from '../tokens/patFormat.js';
import { verifyPersonalToken } from '../tokens/personalTokenAuth.js';

/**
 * GET /session, POST /session/renew, /session/userinfo, /session/logout (mounted under /cloud/auth). Public in
 * the route registry because they take either credential: the session cookie (browser) or the
 * auth service's bearer token (CLI); sessionCaller checks one of them.
 */
export function registerSessionRoutes(app: FastifyInstance, ctx: CloudContext): void {
  // Refresh with rotation: each renewal moves the session to its next generation, and only the newest
  // auth token may renew; a cookie renewal also gives the browser a new cookie. Presenting an older
  // token (or a retired cookie, see sessionCaller) means it was copied: the whole session ends
  // (OAuth 2.0 Security BCP, refresh token reuse detection).
  app.post('/session/renew', { config: { public: true } }, async (request, reply) => {
    const caller = await sessionCaller(ctx, request);
    const endAsReused = async (): Promise<never> => {
      await deleteSession(ctx.db, caller.session.sid);
      throw new HttpError(401, 'This token was already used to renew the session, so the session has ended; sign in again');
    };
    if (caller.tokenGeneration !== null && caller.tokenGeneration !== caller.session.generation) await endAsReused();
    // A bearer renewal moves on only from the token's own generation (one UPDATE decides): of two
    // renewals with one token, the later finds it gone and is reuse, as it would be one after the other.
    const renewed = await renewSession(ctx.db, caller.session.sid, ctx.clock.now(), caller.tokenGeneration ?? undefined);
    if (!renewed) {
      if (caller.tokenGeneration !== null) await endAsReused();
      throw new HttpError(401, 'The session has ended; sign in again');
    }
    if (caller.cookie) {
      const secret = await rotateSessionCookie(ctx.db, caller.session.sid, caller.cookie, ctx.clock.now());
      // null: a renewal that raced this one gave the browser its new cookie already.
      if (secret !== null) {
        reply.header(
          'Set-Cookie',
          serializeCookie(SESSION_COOKIE, secret, { maxAgeSeconds: SESSION_TTL_MS / 1000, secure: sessionCookieIsSecure(ctx) }),
        );
      }
    }
    return mintAccessTokens(ctx, renewed);
  });

  // A browser's cold load asks first whether its cookie names a session: a signed-out visitor's start is
  // then an answer (false), not a 401 on the console. No tokens here; renew gives them.
  app.get('/session', { config: { public: true } }, async (request) => {
    const caller = await sessionCallerOrNone(ctx, request);
    return { session: caller !== null };
  });

  // Also with a personal access token: a script's `varde whoami` names the account its token acts as.
  app.post('/session/userinfo', { config: { public: true } }, async (request) => {
    const personal = personalTokenIn(request.headers.authorization);
    const caller = personal ? await verifyPersonalToken(ctx, personal, request.ip) : await sessionCaller(ctx, request);
    const account = await accountByUid(ctx.db, caller.uid);
    if (!account) throw new HttpError(401, 'Unknown account');
    return { user: await readProfile(ctx.realtime, account) };
  });

  // Idempotent: signing out without a session still succeeds (and clears a stale cookie). Ends the session
  // of the cookie or of the bearer token, and with it every token minted for it.
  app.post('/session/logout', { config: { public: true } }, async (request, reply) => {
    const caller = await sessionCallerOrNone(ctx, request);
    if (caller) {
      await inTransaction(ctx.db, async (tx) => {
        await deleteSession(tx.db, caller.session.sid);
        await recordSignOut(ctx, tx, request, caller.session.uid);
      });
    }
    reply.header('Set-Cookie', serializeCookie(SESSION_COOKIE, '', { maxAgeSeconds: 0, secure: sessionCookieIsSecure(ctx) }));
    return { ok: true as const };
  });
}

/**
 * The caller's session, or null when the request names none that lives (401). A database that does not
 * answer stays a 503: a blip must not look like "signed out", nor a logout succeed that ended nothing.
 */
function sessionCallerOrNone(ctx: CloudContext, request: FastifyRequest) {
  return sessionCaller(ctx, request).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  });
}
