import type { FastifyInstance } from 'fastify';
import type { CloudContext } from '../context.js';
import { serializeCookie } from '../http/cookies.js';
import { HttpError } from '../http/HttpError.js';
import { mintAccessTokens } from '../tokens/accessTokens.js';
import { readProfile } from '../users/profiles.js';
import { accountByUid } from './accounts.js';
import { sessionCaller } from './sessionCaller.js';
import { SESSION_COOKIE, SESSION_TTL_MS, deleteSession, extendSession } from './sessions.js';
import { sessionCookieIsSecure } from './signIn.js';

/**
 * POST /session/renew, /session/userinfo, /session/logout (mounted under /cloud/auth). Public in
 * the route registry because they take either credential: the session cookie (browser) or the
 * auth service's bearer token (CLI); sessionCaller checks one of them.
 */
export function registerSessionRoutes(app: FastifyInstance, ctx: CloudContext): void {
  app.post('/session/renew', { config: { public: true } }, async (request, reply) => {
    const caller = await sessionCaller(ctx, request);
    if (caller.sessionId) {
      extendSession(ctx.db, caller.sessionId, ctx.clock.now());
      reply.header(
        'Set-Cookie',
        serializeCookie(SESSION_COOKIE, caller.sessionId, {
          maxAgeSeconds: SESSION_TTL_MS / 1000,
          secure: sessionCookieIsSecure(ctx),
        }),
      );
    }
    return mintAccessTokens(ctx, caller.uid);
  });

  app.post('/session/userinfo', { config: { public: true } }, async (request) => {
    const caller = await sessionCaller(ctx, request);
    const account = accountByUid(ctx.db, caller.uid);
    if (!account) throw new HttpError(401, 'Unknown account');
    return { user: readProfile(ctx.realtime, account) };
  });

  // Idempotent: signing out without a session still succeeds (and clears a stale cookie).
  app.post('/session/logout', { config: { public: true } }, async (request, reply) => {
    const caller = await sessionCaller(ctx, request).catch(() => null);
    if (caller?.sessionId) deleteSession(ctx.db, caller.sessionId);
    reply.header('Set-Cookie', serializeCookie(SESSION_COOKIE, '', { maxAgeSeconds: 0, secure: sessionCookieIsSecure(ctx) }));
    return { ok: true as const };
  });
}
