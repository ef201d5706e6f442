import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isServiceName, serviceHostName } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { bearerToken, verifyAccessToken } from '../tokens/accessTokens.js';
import { looksLikePersonalAccessToken } from '../tokens/patFormat.js';
import { verifyPersonalToken } from '../tokens/personalTokenAuth.js';
import { tokenRateLimiter } from '../tokens/tokenRateLimit.js';
import type { Caller } from './caller.js';
import { HttpError, invalidTokenError } from './HttpError.js';
import { serviceOfPath } from './routeRegistry.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Secure by default: every route under /cloud/<service>/ needs `Authorization: Bearer <token>`: a
 * session's access token with audience `<service>.<domain>`, or a personal access token (`varde_pat_…`,
 * good for every service, limited in requests a minute per token), unless the route's config says `public: true`. Runs in onRequest, before the
 * body is read, so nobody gets a body parsed without a token. The caller is resolved here, once per
 * request. A route under a prefix that is not a known service can never be reached with a token: it
 * must be public or it is closed.
 */
export function registerBearerAuth(app: FastifyInstance, ctx: CloudContext): void {
  app.decorateRequest('caller', null);
  const countTokenRequest = tokenRateLimiter(ctx.clock, ctx.config.tokenRequestsPerMinute);
  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined) return; // no route: the 404 handler answers
    if (request.routeOptions.config.public === true) return;
    const service = serviceOfPath(routeUrl);
    if (service === null) return; // outside /cloud: the portal's files, protocol endpoints
    const token = bearerToken(request.headers.authorization);
    if (!isServiceName(service)) throw invalidTokenError(`No token is valid for ${service}`);
    if (!looksLikePersonalAccessToken(token)) {
      request.caller = await verifyAccessToken(ctx, token, serviceHostName(service, ctx.config.domain), { readProfile: true });
      return;
    }
    const caller = await verifyPersonalToken(ctx, token, request.ip);
    countTokenRequest(caller.tokenId!);
    request.caller = requireScope(caller, request);
  });
}

function requireScope(caller: Caller, request: FastifyRequest): Caller {
  if (caller.scope === 'read' && !READS.has(request.method)) {
    throw new HttpError(403, 'This access token is read-only: it may not change anything. Make a token with the write scope for this');
  }
  return caller;
}
