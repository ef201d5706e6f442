import type { FastifyInstance } from 'fastify';
import { isServiceName, serviceHostName } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { bearerToken, verifyAccessToken } from '../tokens/accessTokens.js';
import { invalidTokenError } from './HttpError.js';
import { serviceOfPath } from './routeRegistry.js';

/**
 * Secure by default: every route under /cloud/<service>/ needs `Authorization: Bearer <token>`
 * with audience `<service>.<domain>`, unless the route's config says `public: true`. Runs in
 * onRequest, before the body is read, so nobody gets a body parsed without a token.
 * A route under a prefix that is not a known service can never be reached with a token: it
 * must be public or it is closed.
 */
export function registerBearerAuth(app: FastifyInstance, ctx: CloudContext): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined) return; // no route: the 404 handler answers
    if (request.routeOptions.config.public === true) return;
    const service = serviceOfPath(routeUrl);
    if (service === null) return; // outside /cloud: the portal's files, protocol endpoints
    const token = bearerToken(request.headers.authorization);
    if (!isServiceName(service)) throw invalidTokenError(`No token is valid for ${service}`);
    request.caller = await verifyAccessToken(ctx, token, serviceHostName(service, ctx.config.domain));
  });
}
