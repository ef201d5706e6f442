import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createServiceAccountRequest,
  createTokenRequest,
  servicePathPrefix,
  userKeySchema,
  type CreatedToken,
  type ListServiceAccountsResponse,
  type ListTokensResponse,
  type ServiceAccount,
} from '@varde/core/contract';
import * as z from 'zod/mini';
import type { CloudContext } from '../context.js';
import { callerOf } from '../http/caller.js';
import { callerProfile } from '../http/callerProfile.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { partnerOfUser } from '../partners/partnerScope.js';
import { inTransaction, type Tx } from '../storage/transaction.js';
import { recordTokenChange, tokenNamed } from '../tokens/tokenAudit.js';
import { recordServiceAccountChange } from './serviceAccountAudit.js';
import { createPersonalToken, listPersonalTokens, revokePersonalToken } from '../tokens/personalTokens.js';
import { requireSessionCaller } from '../tokens/tokenRoutes.js';
import { loadActor, type Actor } from '../users/actor.js';
import { writeBatcherFor } from '../users/writeBatcher.js';
import { createServiceAccount, deleteServiceAccount, listServiceAccounts, serviceAccountPartner } from './serviceAccountStore.js';

const idParams = z.object({ id: userKeySchema });
const tokenParams = z.object({ id: userKeySchema, token: z.string().check(z.minLength(1)) });

/**
 * Service accounts, at /cloud/users/service-accounts: a partner's admins (people, signed in) make and
 * manage them; one partner's are never seen by another's (404, as if they did not exist).
 */
async function adminOf(ctx: CloudContext, request: FastifyRequest): Promise<{ actor: Actor; partner: string | null }> {
  requireSessionCaller(request, 'Service accounts are managed');
  const caller = callerOf(request);
  const { systemAdmin } = await callerProfile(ctx, request);
  if (!systemAdmin && caller.accountRole !== 'Admin') throw new HttpError(403, 'Only an admin manages service accounts');
  const actor = await loadActor(ctx, caller.uid, undefined, { role: caller.accountRole, systemAdmin });
  return { actor, partner: systemAdmin ? null : await partnerOfUser(ctx, caller.uid) };
}

async function requireOwnServiceAccount(ctx: CloudContext, partner: string | null, id: string): Promise<void> {
  const owner = await serviceAccountPartner(ctx, id);
  if (owner === null || (partner !== null && owner !== partner)) throw new HttpError(404, 'No such service account');
}

export function registerServiceAccountRoutes(app: FastifyInstance, ctx: CloudContext): void {
  const write = <T>(work: (tx: Tx) => Promise<T>) => writeBatcherFor(ctx.db).run(work);
  void app.register(
    async (api) => {
      api.get('/service-accounts', async (request): Promise<ListServiceAccountsResponse> => {
        const { partner } = await adminOf(ctx, request);
        return { data: await listServiceAccounts(ctx, partner) };
      });

      api.post('/service-accounts', async (request, reply): Promise<ServiceAccount> => {
        const body = parseWith(createServiceAccountRequest, request.body);
        const { actor } = await adminOf(ctx, request);
        const created = await write(async (tx) => {
          const account = await createServiceAccount(ctx, actor, body, tx);
          await recordServiceAccountChange(tx, request, { action: 'service-account.create', uid: account.uid, partner: account.partner, summary: `Created service account "${account.name}" (${account.role})` });
          return account;
        });
        reply.code(201);
        return created;
      });

      api.delete('/service-accounts/:id', async (request, reply) => {
        const { id } = parseWith(idParams, request.params);
        const { partner } = await adminOf(ctx, request);
        await requireOwnServiceAccount(ctx, partner, id);
        const owner = await serviceAccountPartner(ctx, id);
        await write(async (tx) => {
          await deleteServiceAccount(ctx, id, tx);
          await recordServiceAccountChange(tx, request, { action: 'service-account.delete', uid: id, partner: owner, summary: `Deleted service account ${id} and its tokens` });
        });
        return reply.code(204).send();
      });

      api.get('/service-accounts/:id/tokens', async (request): Promise<ListTokensResponse> => {
        const { id } = parseWith(idParams, request.params);
        const { partner } = await adminOf(ctx, request);
        await requireOwnServiceAccount(ctx, partner, id);
        return { data: await listPersonalTokens(ctx.db, id) };
      });

      // A service account's token may never expire (expiresInDays: null): the job it runs has no one to renew it.
      api.post('/service-accounts/:id/tokens', async (request, reply): Promise<CreatedToken> => {
        const { id } = parseWith(idParams, request.params);
        const { partner } = await adminOf(ctx, request);
        await requireOwnServiceAccount(ctx, partner, id);
        const body = parseWith(createTokenRequest, request.body);
        const owner = await serviceAccountPartner(ctx, id);
        const token = await inTransaction(ctx.db, async (tx) => {
          const created = await createPersonalToken(tx.db, { uid: id, ...body }, ctx.clock.now());
          await recordTokenChange(ctx, tx, request, { action: 'token.create', owner: id, token: created, partner: owner });
          return created;
        });
        reply.code(201).header('cache-control', 'no-store');
        return token;
      });

      api.delete('/service-accounts/:id/tokens/:token', async (request, reply) => {
        const { id, token } = parseWith(tokenParams, request.params);
        const { partner } = await adminOf(ctx, request);
        await requireOwnServiceAccount(ctx, partner, id);
        const owner = await serviceAccountPartner(ctx, id);
        await inTransaction(ctx.db, async (tx) => {
          const named = await tokenNamed(tx.db, id, token);
          if (!named || !(await revokePersonalToken(tx.db, id, token))) throw new HttpError(404, `The service account has no token ${token}`);
          await recordTokenChange(ctx, tx, request, { action: 'token.revoke', owner: id, token: named, partner: owner });
        });
        return reply.code(204).send();
      });
    },
    { prefix: servicePathPrefix('users') },
  );
}
