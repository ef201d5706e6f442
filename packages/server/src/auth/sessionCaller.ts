import type { FastifyRequest } from 'fastify';
import { serviceHostName } from '@varde/core/contract';
import { trustedOrigins, type CloudContext } from '../context.js';
import { readCookie } from '../http/cookies.js';
import { HttpError } from '../http/HttpError.js';
import { bearerToken, verifyAccessToken } from '../tokens/accessTokens.js';
import { SESSION_COOKIE, findSession } from './sessions.js';

export interface SessionCaller {
  uid: string;
  /** The backend session's id when the caller came with the cookie (browser), null for a bearer (CLI). */
  sessionId: string | null;
}

/**
 * Who calls /session/*: the browser's session cookie, or the auth service's bearer token. A cookie
 * is honoured only from a trusted origin (or with no Origin header: same-origin navigation, CLI),
 * on top of SameSite=Lax, so another site cannot ride on it.
 */
export async function sessionCaller(ctx: CloudContext, request: FastifyRequest): Promise<SessionCaller> {
  const origin = request.headers.origin;
  const cookieAllowed = origin === undefined || trustedOrigins(ctx.config).includes(origin);
  const sessionId = cookieAllowed ? readCookie(request.headers.cookie, SESSION_COOKIE) : undefined;
  if (sessionId) {
    const uid = findSession(ctx.db, sessionId, ctx.clock.now());
    if (uid) return { uid, sessionId };
  }
  if (request.headers.authorization) {
    const caller = await verifyAccessToken(
      ctx,
      bearerToken(request.headers.authorization),
      serviceHostName('auth', ctx.config.domain),
    );
    return { uid: caller.uid, sessionId: null };
  }
  throw new HttpError(401, sessionId ? 'Session has expired' : 'No session');
}
