import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CloudContext } from '../context.js';
import { HttpError } from '../http/HttpError.js';
import { checkJsonDepth } from '../http/jsonBody.js';
import type { Tx } from '../storage/transaction.js';
import { tokenRateLimiter } from '../tokens/tokenRateLimit.js';
import { writeBatcherFor } from '../users/writeBatcher.js';
import { connectionByToken } from './connectionStore.js';
import { isWellFormedConnectionToken } from './connectionTokens.js';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.js';
import { scimCallerOf, scimErrorFrom, type ScimCaller } from './scimCaller.js';
import { ScimError, scimErrorBody } from './scimError.js';
import { createScimGroup, deleteScimGroupResource, groupResponse, patchScimGroup, replaceScimGroup } from './scimGroups.js';
import { leavesOut, listScimGroups, listScimUsers, projected } from './scimLists.js';
import { bodyObject, etagOf, ifMatchOf } from './scimRequest.js';
import { LIST_RESPONSE_SCHEMA, SCIM_MEDIA_TYPE } from './scimSchemas.js';
import { createScimUser, deleteScimUser, patchScimUser, planScimUser, replaceScimUser, userResponse } from './scimUsers.js';
import { userResourceOf } from './userResource.js';
import { isUniqueViolation } from '../storage/executeResults.js';

export const SCIM_PREFIX = '/scim/v2';

const callers = new WeakMap<FastifyRequest, ScimCaller>();

function callerOf(request: FastifyRequest): ScimCaller {
  const caller = callers.get(request);
  if (!caller) throw new ScimError(401, 'A bearer token is required');
  return caller;
}

function unauthorized(detail: string): ScimError {
  return new ScimError(401, detail, undefined, { 'www-authenticate': 'Bearer realm="scim", error="invalid_token"' });
}

/** Any error under /scim/v2 as a SCIM error body (RFC 7644 section 3.12); nothing the caller sends gives a 5xx. */
function answerError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  let scim: ScimError;
  if (error instanceof ScimError) scim = error;
  else if (error instanceof HttpError) scim = scimErrorFrom(error);
  // Two creates of one userName or externalId in one batch: the unique index decides, as for the users service.
  else if (isUniqueViolation(error)) scim = new ScimError(409, 'The userName or externalId is taken by another user', 'uniqueness');
  else {
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'SCIM request failed');
      scim = new ScimError(500, 'Internal server error');
    } else {
      const syntax = status === 400 ? ('invalidSyntax' as const) : undefined;
      scim = new ScimError(status, status === 400 ? 'The body is not valid JSON' : error.message || 'Bad request', syntax);
    }
  }
  return reply.code(scim.status).headers(scim.headers).type(SCIM_MEDIA_TYPE).send(scimErrorBody(scim.status, scim.detail, scim.scimType));
}

/**
 * SCIM 2.0 (RFC 7643, 7644) at /scim/v2, for the identity provider of a partner (Entra ID, Okta): its own
 * bearer tokens (a directory connection's, scim/connectionStore.ts), checked on every request against the
 * connections this node keeps, which a rotation or revocation on any node clears: the old token stops at
 * once. Everything it answers, errors included, is `application/scim+json`; it accepts that type and
 * plain JSON.
 */
export function registerScimRoutes(app: FastifyInstance, ctx: CloudContext): void {
  // Per node, like access tokens' (--scim-rate-limit, default 1000 a minute).
  const perMinute = ctx.config.scimRequestsPerMinute;
  const countRequest = tokenRateLimiter(ctx.clock, perMinute);
  const write = <T>(work: (tx: Tx) => Promise<T>, options?: { addsOnly?: boolean }) => writeBatcherFor(ctx.db).run(work, options);
  void app.register(
    async (api) => {
      const parse = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser(SCIM_MEDIA_TYPE, { parseAs: 'string' }, (request, body, done) => {
        try {
          checkJsonDepth(body.toString());
        } catch (error) {
          done(error as HttpError, undefined);
          return;
        }
        parse(request, body as string, done);
      });
      api.setErrorHandler(answerError);
      api.setNotFoundHandler((request, reply) => answerError(new ScimError(404, `Not found: ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`), request, reply));
      api.addHook('onRequest', async (request) => {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
        if (!match) throw unauthorized('A bearer token is required: the directory connection\'s token');
        const token = match[1]!;
        if (!isWellFormedConnectionToken(token)) throw unauthorized('The token is not valid: it is unknown, rotated or revoked');
        const connection = await connectionByToken(ctx, token);
        if (!connection) throw unauthorized('The token is not valid: it is unknown, rotated or revoked');
        try {
          countRequest(connection.id);
        } catch (error) {
          if (error instanceof HttpError) throw new ScimError(429, `The connection made more than ${perMinute} requests in a minute; try again in ${error.headers['retry-after']} s`, 'tooMany', error.headers);
          throw error;
        }
        callers.set(request, scimCallerOf(ctx, request, connection));
      });
      api.addHook('onSend', async (_request, reply, payload) => {
        if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(SCIM_MEDIA_TYPE);
        return payload;
      });

      const docs = `${ctx.config.publicOrigin}/docs/scim.md`;
      api.get('/ServiceProviderConfig', async (request) => serviceProviderConfig(callerOf(request).baseUrl, docs));
      const list = (resources: Array<Record<string, unknown>>) => ({
        schemas: [LIST_RESPONSE_SCHEMA],
        totalResults: resources.length,
        startIndex: 1,
        itemsPerPage: resources.length,
        Resources: resources,
      });
      api.get('/ResourceTypes', async (request) => list(resourceTypes(callerOf(request).baseUrl)));
      api.get('/ResourceTypes/:id', async (request) => {
        const { id } = request.params as { id: string };
        const found = resourceTypes(callerOf(request).baseUrl).find((type) => type.id === id);
        if (!found) throw new ScimError(404, `No resource type ${id.slice(0, 100)}`);
        return found;
      });
      api.get('/Schemas', async (request) => list(schemas(callerOf(request).baseUrl)));
      api.get('/Schemas/:id', async (request) => {
        const { id } = request.params as { id: string };
        const found = schemas(callerOf(request).baseUrl).find((schema) => schema.id === id);
        if (!found) throw new ScimError(404, `No schema ${id.slice(0, 200)}`);
        return found;
      });

      const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
      const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
      const ifMatch = (request: FastifyRequest) => ifMatchOf(request.headers['if-match']);
      const answer = (reply: FastifyReply, resource: Record<string, unknown>, status = 200) => {
        const version = (resource.meta as { version?: string } | undefined)?.version;
        if (version) reply.header('etag', version);
        return reply.code(status).send(resource);
      };

      api.get('/Users', async (request) => listScimUsers(ctx, callerOf(request), query(request)));
      api.get('/Users/:id', async (request, reply) => answer(reply, projected(await userResponse(ctx, callerOf(request), idOf(request)), query(request))));
      api.post('/Users', async (request, reply) => {
        const caller = callerOf(request);
        const plan = await planScimUser(bodyObject(request.body));
        await caller.prepare();
        const resource = await write(
          async (tx) => {
            const { uid, created } = await createScimUser(ctx, caller, plan, tx);
            return created ? userResourceOf(created, [], caller.baseUrl) : userResponse(ctx, caller, uid, tx);
          },
          { addsOnly: true },
        );
        reply.header('location', (resource.meta as { location: string }).location);
        return answer(reply, resource, 201);
      });
      api.put('/Users/:id', async (request, reply) => {
        const caller = callerOf(request);
        await caller.prepare();
        const body = bodyObject(request.body);
        const id = idOf(request);
        return answer(reply, await write(async (tx) => (await replaceScimUser(ctx, caller, id, body, ifMatch(request), tx), userResponse(ctx, caller, id, tx))));
      });
      api.patch('/Users/:id', async (request, reply) => {
        const caller = callerOf(request);
        await caller.prepare();
        const id = idOf(request);
        return answer(reply, await write(async (tx) => (await patchScimUser(ctx, caller, id, request.body, ifMatch(request), tx), userResponse(ctx, caller, id, tx))));
      });
      api.delete('/Users/:id', async (request, reply) => {
        const caller = callerOf(request);
        await caller.prepare();
        const id = idOf(request);
        await write((tx) => deleteScimUser(ctx, caller, id, ifMatch(request), tx));
        return reply.code(204).send();
      });

      api.get('/Groups', async (request) => listScimGroups(ctx, callerOf(request), query(request)));
      api.get('/Groups/:id', async (request, reply) => {
        const withMembers = !leavesOut(query(request), 'members');
        return answer(reply, projected(await groupResponse(ctx, callerOf(request), idOf(request), withMembers), query(request)));
      });
      api.post('/Groups', async (request, reply) => {
        const caller = callerOf(request);
        const body = bodyObject(request.body);
        const resource = await write(async (tx) => groupResponse(ctx, caller, await createScimGroup(ctx, caller, body, tx), true, tx));
        reply.header('location', (resource.meta as { location: string }).location);
        return answer(reply, resource, 201);
      });
      api.put('/Groups/:id', async (request, reply) => {
        const caller = callerOf(request);
        await caller.prepare();
        const body = bodyObject(request.body);
        const id = idOf(request);
        return answer(reply, await write(async (tx) => (await replaceScimGroup(ctx, caller, id, body, ifMatch(request), tx), groupResponse(ctx, caller, id, true, tx))));
      });
      // 204 as Entra and Okta expect after a membership change; 200 with the group when the caller asks for attributes.
      api.patch('/Groups/:id', async (request, reply) => {
        const caller = callerOf(request);
        await caller.prepare();
        const id = idOf(request);
        const group = await write((tx) => patchScimGroup(ctx, caller, id, request.body, ifMatch(request), tx));
        if (Object.keys(query(request)).length === 0) return reply.code(204).header('etag', etagOf(group.version)).send();
        return answer(reply, projected(await groupResponse(ctx, caller, id, !leavesOut(query(request), 'members')), query(request)));
      });
      api.delete('/Groups/:id', async (request, reply) => {
        const caller = callerOf(request);
        const id = idOf(request);
        await write((tx) => deleteScimGroupResource(ctx, caller, id, ifMatch(request), tx));
        return reply.code(204).send();
      });
    },
    { prefix: SCIM_PREFIX },
  );
}
