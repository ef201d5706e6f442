import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createTokenRequest, type CreatedToken, type ListTokensResponse } from '@varde/core/contract';
import * as z from 'zod/mini';
import type { CloudContext } from '../context.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { inTransaction } from '../storage/transaction.js';
import { recordTokenChange, tokenNamed } from './tokenAudit.js';
import { createPersonalToken, listPersonalTokens, revokePersonalToken } from './personalTokens.js';

const tokenParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

/**
 * A leaked token must not make itself a longer-lived one: tokens are managed from a signed-in session
 * (the portal, `varde login`), never with another token.
 */
export function requireSessionCaller(request: FastifyRequest, what: string): void {
  if (callerOf(request).credential !== 'session') throw new HttpError(403, `${what} from a signed-in session, not with an access token`);
}

/** The caller's own personal access tokens, at /cloud/auth/tokens. */
export function registerTokenRoutes(app: FastifyInstance, ctx: CloudContext): void {
  app.get('/tokens', async (request): Promise<ListTokensResponse> => {
    return { data: await listPersonalTokens(ctx.db, callerOf(request).uid) };
  });

  app.post('/tokens', async (request, reply): Promise<CreatedToken> => {
    requireSessionCaller(request, 'Access tokens are made');
    const body = parseWith(createTokenRequest, request.body);
    if (body.expiresInDays === null) throw new HttpError(400, 'expiresInDays: a person\'s token must expire (at most 366 days); only a service account\'s may not');
    const { uid } = callerOf(request);
    const token = await inTransaction(ctx.db, async (tx) => {
      const created = await createPersonalToken(tx.db, { uid, ...body }, ctx.clock.now());
      await recordTokenChange(ctx, tx, request, { action: 'token.create', owner: uid, token: created });
      return created;
    });
    reply.code(201).header('cache-control', 'no-store');
    return token;
  });

  // By id or by name (`varde tokens revoke NAME`); a token may revoke itself (a script cleaning up).
  app.delete('/tokens/:id', async (request, reply) => {
    const { id } = parseWith(tokenParams, request.params);
    const { uid } = callerOf(request);
    await inTransaction(ctx.db, async (tx) => {
      const token = await tokenNamed(tx.db, uid, id);
      if (!token || !(await revokePersonalToken(tx.db, uid, id))) throw new HttpError(404, `You have no token ${id}`);
      await recordTokenChange(ctx, tx, request, { action: 'token.revoke', owner: uid, token });
    });
    return reply.code(204).send();
  });
}
