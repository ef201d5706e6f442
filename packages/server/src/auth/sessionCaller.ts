import type { FastifyRequest } from 'fastify';
import { serviceHostName } from '@varde/core/contract';
import { trustedOrigins, type CloudContext } from '../context.js';
import { readCookie } from '../http/cookies.js';
import { HttpError } from '../http/HttpError.js';
import { bearerToken, verifyAccessToken } from '../tokens/accessTokens.js';
import { SESSION_COOKIE, deleteSession, findRetiredCookie, findSession, sessionBySid, type Session } from './sessions.js';

/** A retired cookie still counts this long after its renewal: requests and tabs that raced the renewal. */
export const RETIRED_COOKIE_GRACE_MS = 30_000;

export interface SessionCaller {
  uid: string;
  session: Session;
  /** The cookie's secret when the caller came with the current cookie (browser), else null. */
  cookie: string | null;
  /** With a bearer: the refresh generation of the auth token presented. */
  tokenGeneration: number | null;
}

/**
 * Who calls /session/*: the browser's session cookie, or the auth service's bearer token. A cookie
 * is honoured only from a trusted origin (or with no Origin header: same-origin navigation, CLI),
 * on top of SameSite=Lax, so another site cannot ride on it.
 */
export async function sessionCaller(ctx: CloudContext, request: FastifyRequest): Promise<SessionCaller> {
  const origin = request.headers.origin;
  const cookieAllowed = origin === undefined || trustedOrigins(ctx.config).includes(origin);
  const cookie = cookieAllowed ? readCookie(request.headers.cookie, SESSION_COOKIE) : undefined;
  if (cookie) {
    const now = ctx.clock.now();
    const session = await findSession(ctx.db, cookie, now);
    if (session) return { uid: session.uid, session, cookie, tokenGeneration: null };
    // A cookie a renewal retired: within the grace it raced that renewal; later it was copied, and the
    // whole session ends (reuse detection, OAuth 2.0 Security BCP).
    const retired = await findRetiredCookie(ctx.db, cookie, now);
    if (retired) {
      const live = await sessionBySid(ctx.db, retired.sid, now);
      if (live && now - retired.retiredAt <= RETIRED_COOKIE_GRACE_MS) return { uid: live.uid, session: live, cookie: null, tokenGeneration: null };
      await deleteSession(ctx.db, retired.sid);
      throw new HttpError(401, 'This session cookie was already used to renew the session, so the session has ended; sign in again');
    }
  }
  if (request.headers.authorization) {
    const caller = await verifyAccessToken(ctx, bearerToken(request.headers.authorization), serviceHostName('auth', ctx.config.domain));
    const session = await sessionBySid(ctx.db, caller.sid, ctx.clock.now());
    if (!session) throw new HttpError(401, 'The session has ended; sign in again');
    return { uid: caller.uid, session, cookie: null, tokenGeneration: caller.generation };
  }
  throw new HttpError(401, cookie ? 'Session has expired' : 'No session');
}
