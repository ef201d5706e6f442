import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createUserRequest,
  grantKinds,
  listUsersQuery,
  servicePathPrefix,
  setPasswordRequest,
  updateUserRequest,
  userKeySchema,
  USER_LOCATION_PREFIX,
  type GrantKind,
  type GrantableResponse,
  type ListUsersResponse,
  type ManagedUser,
} from '@varde/core/contract';
import * as z from 'zod/mini';
import type { CloudContext } from '../context.js';
import { accountByUid, updatePasswordHash } from '../auth/accounts.js';
import { createResetTicket, RESET_TICKET_TTL_MS } from '../auth/resetTickets.js';
import { resetPasswordLink } from '../auth/resetPasswordRoutes.js';
import { hashPassword } from '../auth/secrets.js';
import { deleteSessionsOf } from '../auth/sessions.js';
import { callerOf } from '../http/caller.js';
import { callerProfile } from '../http/callerProfile.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import type { Tx } from '../storage/transaction.js';
import { languageOfUser, resetByAdminMail } from '../outbox/messageTexts.js';
import { sendMessage } from '../outbox/sendMessage.js';
import { sendInvitation } from './invitation.js';
import { loadActor, requireManaged, type Actor } from './actor.js';
import { listManagedUsers, managedUserByUid } from './managedUsers.js';
import { createUser, deleteUser, requireMaySetPasswordOf, setGrant, updateUser } from './userWrites.js';
import { partnerCountryOf } from './partnerCountry.js';
import { writeBatcherFor } from './writeBatcher.js';
import { describeUserPatch, partnerOfChange, recordUserChange } from './userAudit.js';
import { inTransaction } from '../storage/transaction.js';

const idParams = z.object({ id: userKeySchema });
const grantParams = z.object({ id: userKeySchema, key: userKeySchema });
/** How a grant is named in an audit record. */
const grantTitles: Record<GrantKind, string> = { sites: 'site', modules: 'module', licensingPartners: 'licensing partner' };

/** Roles from most to least access. */
const ROLE_RANK = ['Admin', 'PowerUser', 'User', 'Guest', 'Viewer'];
const roleLowered = (before: string, after: string) => ROLE_RANK.indexOf(after) > ROLE_RANK.indexOf(before);

/** The caller as an actor, from what the bearer and access hooks read already (no query of its own). */
async function actorOf(ctx: CloudContext, request: FastifyRequest): Promise<Actor> {
  const caller = callerOf(request);
  const { systemAdmin } = await callerProfile(ctx, request);
  return loadActor(ctx, caller.uid, undefined, { role: caller.accountRole, systemAdmin });
}

function idOf(request: FastifyRequest): string {
  return parseWith(idParams, request.params).id;
}

/**
 * The users service, at /cloud/users (and users.<domain>). Every route acts as the token's user
 * and enforces what the portal shows: the grant matrix, only one's own sub-users, and only the
 * sites, modules and partners one has.
 */
export function registerUserRoutes(app: FastifyInstance, ctx: CloudContext): void {
  // Writes are group-committed: concurrent requests share one durable commit (see writeBatcher.ts). A
  // write reads and writes only through its tx: the batch holds the database until it commits.
  const write = <T>(work: (tx: Tx) => Promise<T>, options?: { addsOnly?: boolean }) => writeBatcherFor(ctx.db).run(work, options);
  void app.register(
    async (api) => {
      api.get('/users', async (request): Promise<ListUsersResponse> => {
        const query = parseWith(listUsersQuery, request.query ?? {});
        return listManagedUsers(ctx, await actorOf(ctx, request), query);
      });

      // Declared before /users/:id, and `grantable` can never be a uid (uids are UUIDs).
      api.get('/users/grantable', async (request): Promise<GrantableResponse> => {
        const actor = await actorOf(ctx, request);
        const country = await partnerCountryOf(ctx, await actor.mainPartner());
        return { roles: actor.roles, ...(await actor.grantable()), ...(country ? { defaultCountry: country } : {}) };
      });

      api.get('/users/:id', async (request): Promise<ManagedUser> => {
        const id = idOf(request);
        const actor = await actorOf(ctx, request);
        if (id !== actor.uid) await requireManaged(actor, id);
        const user = await managedUserByUid(ctx, id);
        if (!user) throw new HttpError(404, 'User not found');
        return user;
      });

      // 201 with Location `/users/<uid>`: the id is the header's tail after its first 7 characters.
      api.post('/users', async (request, reply): Promise<ManagedUser> => {
        const body = parseWith(createUserRequest, request.body);
        const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
        const actor = await actorOf(ctx, request);
        // The inviter's name came with the caller's profile (http/callerProfile.ts).
        const invitedBy = (await callerProfile(ctx, request)).displayName;
        const user = await write(async (tx) => {
          const created = await createUser(ctx, actor, body, passwordHash, tx);
          // Without a password the new user is invited: a link to choose one, valid for days, in their
          // language. In the user's own transaction: one commit for both (three before, each a disk
          // flush on SQLite), and never an account without its invitation. `invite: false` holds it back
          // (an import of people who are not to hear from us yet); reset-password sends one later.
          const invited = passwordHash === undefined && body.invite !== false;
          if (invited) await sendInvitation(ctx, created, invitedBy, tx);
          await recordUserChange(ctx, tx, request, {
            action: 'user.create',
            uid: created.uid,
            partner: await partnerOfChange(ctx, request, created.uid, tx),
            summary: `Created ${created.username} (${created.role})${invited ? ', invited' : ''}`,
          });
          return created;
        }, { addsOnly: true });
        reply.code(201).header('location', `${USER_LOCATION_PREFIX}${user.uid}`);
        return user;
      });

      api.patch('/users/:id', async (request): Promise<ManagedUser> => {
        const id = idOf(request);
        const patch = parseWith(updateUserRequest, request.body);
        const actor = await actorOf(ctx, request);
        return write(async (tx) => {
          const before = (await accountByUid(tx.db, id))?.role;
          const user = await updateUser(ctx, actor, id, patch, tx);
          // A lower role takes effect at once: the user's sessions end and they sign in again with it.
          if (before && roleLowered(before, user.role)) await deleteSessionsOf(tx.db, id);
          const action = patch.disabled === true ? 'user.deactivate' : patch.disabled === false ? 'user.reactivate' : 'user.update';
          await recordUserChange(ctx, tx, request, { action, uid: id, summary: describeUserPatch(user, patch, before) });
          return user;
        });
      });

      api.delete('/users/:id', async (request, reply) => {
        const id = idOf(request);
        const actor = await actorOf(ctx, request);
        if (id === actor.uid) throw new HttpError(403, 'You cannot delete yourself');
        await write(async (tx) => {
          // Read before the user goes: whose they were, and their name for the record.
          const [partner, account] = await Promise.all([partnerOfChange(ctx, request, id, tx), accountByUid(tx.db, id)]);
          await deleteUser(ctx, actor, id, tx);
          await recordUserChange(ctx, tx, request, { action: 'user.delete', uid: id, partner, summary: `Deleted ${account?.email ?? id}` });
          // Its cloud sessions go with the account; this also ends its sign-ins at the identity provider.
          await deleteSessionsOf(tx.db, id);
        });
        return reply.code(204).send();
      });

      for (const kind of Object.keys(grantKinds) as GrantKind[]) {
        const url = `/users/:id/${kind}/:key`;
        const handle = (on: boolean) => async (request: FastifyRequest): Promise<ManagedUser> => {
          const { id, key } = parseWith(grantParams, request.params);
          const actor = await actorOf(ctx, request);
          return write(async (tx) => {
            const user = await setGrant(ctx, actor, id, kind, key, on, tx);
            await recordUserChange(ctx, tx, request, {
              action: on ? 'user.grant' : 'user.revoke',
              uid: id,
              summary: `${on ? 'Granted' : 'Took back'} ${grantTitles[kind]} ${key} ${on ? 'to' : 'from'} ${user.username}`,
            });
            return user;
          });
        };
        api.put(url, handle(true));
        api.delete(url, handle(false));
      }

      api.post('/users/:id/password', async (request) => {
        const id = idOf(request);
        const { password } = parseWith(setPasswordRequest, request.body);
        const actor = await actorOf(ctx, request);
        await requireMaySetPasswordOf(actor, id);
        const passwordHash = await hashPassword(password);
        await write(async (tx) => {
          await updatePasswordHash(tx.db, id, passwordHash);
          // A new password ends the user's sessions; changing your own keeps only the session you changed it in.
          await deleteSessionsOf(tx.db, id, id === actor.uid ? callerOf(request).sid : undefined);
          await recordUserChange(ctx, tx, request, { action: 'user.password', uid: id, summary: id === actor.uid ? 'Changed their own password' : 'Set a new password' });
        });
        return { ok: true as const };
      });

      api.post('/users/:id/reset-password', async (request) => {
        const id = idOf(request);
        const actor = await actorOf(ctx, request);
        if (id !== actor.uid) await requireManaged(actor, id);
        const account = await accountByUid(ctx.db, id);
        if (!account) throw new HttpError(404, 'User not found');
        const language = await languageOfUser(ctx, id);
        const partner = await partnerOfChange(ctx, request, id, undefined);
        await inTransaction(ctx.db, async (tx) => {
          const ticket = await createResetTicket(tx.db, id, ctx.clock.now());
          const link = resetPasswordLink(ctx.config.publicOrigin, id, ticket);
          await sendMessage(ctx, { channel: 'email', to: account.email, ...resetByAdminMail(language, link, RESET_TICKET_TTL_MS / 60_000) }, tx);
          await recordUserChange(ctx, tx, request, { action: 'user.reset-password', uid: id, partner, summary: `Sent ${account.email} a link to choose a new password` });
        });
        return { ok: true as const };
      });
    },
    { prefix: servicePathPrefix('users') },
  );
}
