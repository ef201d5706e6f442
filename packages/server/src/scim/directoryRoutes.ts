import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createConnectionRequest,
  mapGroupRequest,
  servicePathPrefix,
  userKeySchema,
  type CreatedConnection,
  type DirectoryGroup,
  type ListConnectionsResponse,
  type ListDirectoryGroupsResponse,
} from '@varde/core/contract';
import * as z from 'zod/mini';
import { auditOriginOf, recordAudit } from '../audit/recordAudit.js';
import { accountByUid } from '../auth/accounts.js';
import type { CloudContext } from '../context.js';
import { callerOf } from '../http/caller.js';
import { callerProfile } from '../http/callerProfile.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { partnerOfUser } from '../partners/partnerScope.js';
import type { Tx } from '../storage/transaction.js';
import { requireSessionCaller } from '../tokens/tokenRoutes.js';
import { loadActor, requireGrantable, requireRole, type Actor } from '../users/actor.js';
import { writeBatcherFor } from '../users/writeBatcher.js';
import { connectionById, createConnection, listConnections, revokeConnection, rotateConnectionToken } from './connectionStore.js';
import { registerDirectoryOwnership } from './directoryOwnership.js';
import { applyGroupAccess } from './groupAccess.js';
import { groupPartner, listDirectoryGroups, membersOf, scimGroupById, setGroupAccess } from './scimGroupStore.js';
import { SCIM_PREFIX } from './routes.js';

const idParams = z.object({ id: userKeySchema });

interface DirectoryAdmin {
  actor: Actor;
  /** The caller's partner; null for a system admin, who sees every partner's. */
  scope: string | null;
  partner: string;
}

/** Only an admin (a person, signed in) manages a partner's directory connections and group mappings. */
async function adminOf(ctx: CloudContext, request: FastifyRequest): Promise<DirectoryAdmin> {
  const caller = callerOf(request);
  const { systemAdmin } = await callerProfile(ctx, request);
  if (!systemAdmin && caller.accountRole !== 'Admin') throw new HttpError(403, 'Only an admin manages directory sync');
  const actor = await loadActor(ctx, caller.uid, undefined, { role: caller.accountRole, systemAdmin });
  const partner = await partnerOfUser(ctx, caller.uid);
  return { actor, scope: systemAdmin ? null : partner, partner };
}

async function requireOwnConnection(ctx: CloudContext, admin: DirectoryAdmin, id: string) {
  const connection = await connectionById(ctx.db, id);
  if (!connection || (admin.scope !== null && connection.partner !== admin.scope)) throw new HttpError(404, 'No such directory connection');
  return connection;
}

/**
 * Directory sync for a partner's admins, at /cloud/users/directory: SCIM connections (the token is shown
 * once, when made or rotated) and the Varde role and sites each directory group carries. Another
 * partner's connections and groups answer 404, as if they did not exist.
 */
export function registerDirectoryRoutes(app: FastifyInstance, ctx: CloudContext): void {
  const write = <T>(work: (tx: Tx) => Promise<T>) => writeBatcherFor(ctx.db).run(work);
  const baseUrl = `${ctx.config.publicOrigin}${SCIM_PREFIX}`;
  registerDirectoryOwnership(app, ctx);
  void app.register(
    async (api) => {
      api.get('/directory/connections', async (request): Promise<ListConnectionsResponse> => {
        const { scope } = await adminOf(ctx, request);
        return { data: await listConnections(ctx.db, scope) };
      });

      api.post('/directory/connections', async (request, reply): Promise<CreatedConnection> => {
        requireSessionCaller(request, 'Directory connections are made');
        const { name } = parseWith(createConnectionRequest, request.body);
        const admin = await adminOf(ctx, request);
        const now = ctx.clock.now();
        const created = await write(async (tx) => {
          const made = await createConnection(tx, { name, partner: admin.partner, createdBy: admin.actor.uid }, now);
          await recordAudit(tx, { partnerId: admin.partner, ...auditOriginOf(request), action: 'directory.connection.create', objectKind: 'directory-connection', objectId: made.id, summary: `Directory connection "${name}" created` });
          return made;
        });
        const connection = (await listConnections(ctx.db, admin.partner)).find((item) => item.id === created.id)!;
        reply.code(201).header('cache-control', 'no-store');
        return { connection, baseUrl, token: created.token };
      });

      api.post('/directory/connections/:id/rotate', async (request): Promise<CreatedConnection> => {
        requireSessionCaller(request, 'Directory tokens are rotated');
        const { id } = parseWith(idParams, request.params);
        const admin = await adminOf(ctx, request);
        const connection = await requireOwnConnection(ctx, admin, id);
        const token = await write(async (tx) => {
          const rotated = await rotateConnectionToken(tx, id, ctx.clock.now());
          if (rotated === null) throw new HttpError(409, `The connection "${connection.name}" is revoked; make a new one`);
          await recordAudit(tx, { partnerId: connection.partner, ...auditOriginOf(request), action: 'directory.connection.rotate', objectKind: 'directory-connection', objectId: id, summary: `Token of directory connection "${connection.name}" rotated` });
          return rotated;
        });
        const listed = (await listConnections(ctx.db, connection.partner)).find((item) => item.id === id)!;
        return { connection: listed, baseUrl, token };
      });

      api.delete('/directory/connections/:id', async (request, reply) => {
        const { id } = parseWith(idParams, request.params);
        const admin = await adminOf(ctx, request);
        const connection = await requireOwnConnection(ctx, admin, id);
        await write(async (tx) => {
          if (!(await revokeConnection(tx, id, ctx.clock.now()))) return;
          await recordAudit(tx, { partnerId: connection.partner, ...auditOriginOf(request), action: 'directory.connection.revoke', objectKind: 'directory-connection', objectId: id, summary: `Directory connection "${connection.name}" revoked` });
        });
        return reply.code(204).send();
      });

      api.get('/directory/groups', async (request): Promise<ListDirectoryGroupsResponse> => {
        const { scope } = await adminOf(ctx, request);
        return { data: await listDirectoryGroups(ctx.db, scope) };
      });

      // The role and sites a group carries: checked against the grants of the mapping admin and of the
      // connection's admin (whose grants the directory's writes use), then given to every member at once.
      api.put('/directory/groups/:id/access', async (request): Promise<DirectoryGroup> => {
        const { id } = parseWith(idParams, request.params);
        const body = parseWith(mapGroupRequest, request.body);
        const admin = await adminOf(ctx, request);
        const partner = await groupPartner(ctx.db, id);
        if (partner === null || (admin.scope !== null && partner !== admin.scope)) throw new HttpError(404, 'No such directory group');
        const group = (await scimGroupById(ctx.db, partner, id))!;
        const connection = (await connectionById(ctx.db, group.connectionId))!;
        if (body.role !== null) requireRole(admin.actor, body.role);
        await requireGrantable(admin.actor, 'site', body.sites);
        const owner = await accountByUid(ctx.db, connection.createdBy);
        if (!owner) throw new HttpError(409, `The admin who made the connection "${connection.name}" no longer has an account; make a new connection`);
        const connectionActor = await loadActor(ctx, owner.uid, undefined, { role: owner.role, systemAdmin: false });
        if (body.role !== null) requireRole(connectionActor, body.role);
        await requireGrantable(connectionActor, 'site', body.sites);
        await write(async (tx) => {
          await setGroupAccess(tx, id, body.role, body.role === null ? [] : body.sites, ctx.clock.now());
          const members = ((await membersOf(tx.db, [id])).get(id) ?? []).map((member) => member.value);
          await applyGroupAccess(ctx, connectionActor, connection.id, members, tx);
          await recordAudit(tx, {
            partnerId: partner,
            ...auditOriginOf(request),
            action: 'group.access',
            objectKind: 'group',
            objectId: id,
            summary: body.role === null ? `${group.displayName} carries no access` : `${group.displayName} carries ${body.role} on ${body.sites.length} site(s)`,
          });
        });
        return (await listDirectoryGroups(ctx.db, partner)).find((item) => item.id === id)!;
      });
    },
    { prefix: servicePathPrefix('users') },
  );
}
