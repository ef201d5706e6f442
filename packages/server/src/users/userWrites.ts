import { ROLE_MODULES } from '@varde/core/contract';
import { randomUUID } from 'node:crypto';
import {
  grantKinds,
  moduleKeys,
  type GrantKind,
  type ManagedUser,
  type Role,
  type UserData,
  type createUserRequest,
  type updateUserRequest,
} from '@varde/core/contract';
import type * as z from 'zod/mini';
import type { CloudContext } from '../context.js';
import { accountByEmail, accountByUid, insertAccountWithCommit } from '../auth/accounts.js';
import { HttpError } from '../http/HttpError.js';
import { isUniqueViolation } from '../storage/executeResults.js';
import { withinTransaction, type Tx } from '../storage/transaction.js';
import { requireCanAddUsers, requireGrantable, requireManaged, requireRole, keysOf, type Actor } from './actor.js';
import { managedUserByUid } from './managedUsers.js';
import { mirrorGrant, mirrorGrants, subscribe, subscription, unsubscribeEverywhere } from './managers.js';
import { setDisabled } from './disabledAccounts.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime' | 'clock'>;
type TrueMap = Record<string, true>;

/** An account created without a password cannot sign in until one is set (no scrypt hash matches it). */
export const NO_PASSWORD = 'none';

const GRANT_NOUN = { sites: 'site', modules: 'module', licensingPartners: 'partner' } as const;

const userExists = () => new HttpError(409, 'User already exists');

/** Roles whose new users they subscribe to (admin-modules spec, section 6). */
function subscribesToNewUsers(actor: Actor): boolean {
  return actor.systemAdmin || actor.role === 'Admin' || actor.role === 'PowerUser';
}

/**
 * POST /users: checks the grant matrix and the actor's grants, then writes account and profile in one
 * transaction (`tx`, the write batcher's, or one of its own). An address already taken is found by the
 * unique index on the e-mail (whatever its case), also when two creates of one address race: no read
 * before the insert, which would cost the batch a round trip per user on PostgreSQL.
 */
export async function createUser(
  ctx: Ctx,
  actor: Actor,
  body: z.output<typeof createUserRequest>,
  passwordHash: string = NO_PASSWORD,
  tx?: Tx,
  options: { directory?: string } = {},
): Promise<ManagedUser> {
  requireCanAddUsers(actor);
  requireRole(actor, body.role);
  return withinTransaction(ctx.db, tx, async (tx) => {
    const controllers = body.controllers ?? {};
    // Named modules are checked below; none named: the role's own set, of what the adder may grant.
    const moduleAccesses = body.moduleAccesses ?? (await roleModulesOf(actor, body.role, tx));
    const licensingPartners = body.licensingPartners ?? {};
    await requireGrantable(actor, 'site', Object.keys(controllers), tx);
    await requireGrantable(actor, 'module', Object.keys(moduleAccesses), tx);
    await requireGrantable(actor, 'partner', Object.keys(licensingPartners), tx);

    const uid = randomUUID();
    const now = ctx.clock.now();
    // A new user works for their creator's partner (and so shares its functions, mappings, models);
    // a system admin's new user for the first licensing partner they were given, if any.
    const creatorPartner = actor.systemAdmin ? Object.keys(licensingPartners)[0] : await actor.mainPartner(tx);
    const profile: UserData = {
      uid,
      name: body.name,
      email: body.username,
      ...(body.phone ? { phone: body.phone } : {}),
      role: body.role,
      language: body.language ?? 'en',
      ...(typeof creatorPartner === 'string' ? { mainPartner: creatorPartner } : {}),
      controllers,
      adminUsers: {},
      moduleAccesses,
      licensingPartners,
      portalAutoLogoutDisabled: false,
      systemAdmin: false,
    };
    // The import source and the directory connection that manages the account (`options.directory`, SCIM)
    // live in the profile beside the name (UserData does not name them: profile fields only the users
    // service reads), so a list of users reads them with the rest; written with it, they cost no statement.
    const stored = { ...profile, ...(body.source ? { source: body.source } : {}), ...(options.directory ? { directory: options.directory } : {}) };
    try {
      await insertAccountWithCommit(tx, { uid, email: body.username, passwordHash, phone: body.phone || null, role: body.role }, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw userExists();
      throw error;
    }
    // The profile and the adder's entry for the new user are one realtime write (3 statements, not 6).
    const subscribed = subscribesToNewUsers(actor) ? [subscription(actor.uid, uid, { controllers, moduleAccesses }, now)] : [];
    await ctx.realtime.setMany([[userPath(uid), stored], ...subscribed], tx);
    const user: ManagedUser = {
      uid,
      username: body.username,
      name: body.name,
      role: body.role,
      language: profile.language,
      controllers,
      moduleAccesses,
      licensingPartners,
      systemAdmin: false,
    };
    if (body.phone) user.phone = body.phone;
    if (body.source) user.source = body.source;
    if (options.directory) user.directory = options.directory;
    return user;
  });
}

/** The role's own modules, of those the actor may grant. */
async function roleModulesOf(actor: Actor, role: Role, tx: Tx): Promise<TrueMap> {
  const modules: TrueMap = {};
  for (const key of ROLE_MODULES[role]) if (await actor.hasModule(key, tx)) modules[key] = true;
  return modules;
}

/** What a user may change about themselves (account settings); role and grants are for their managers. */
const SELF_EDITABLE = new Set(['name', 'phone', 'language']);

/** The new map: the patch decides the keys the actor controls; keys the actor lacks stay as they were. */
async function replaceGrants(actor: Actor, kind: GrantKind, current: TrueMap, wanted: TrueMap, tx: Tx): Promise<TrueMap> {
  const has = kind === 'sites' ? actor.hasSite : kind === 'modules' ? actor.hasModule : actor.hasPartner;
  await requireGrantable(actor, GRANT_NOUN[kind], Object.keys(wanted), tx);
  const next: TrueMap = { ...wanted };
  for (const key of Object.keys(current)) if (!(await has(key, tx))) next[key] = true;
  return next;
}

function sameKeys(a: TrueMap, b: TrueMap): boolean {
  const left = Object.keys(a);
  return left.length === Object.keys(b).length && left.every((key) => b[key] === true);
}

/** PATCH /users/{id}: property updates, and whole grant maps for the bulk import. Checks and writes in one transaction. */
export async function updateUser(ctx: Ctx, actor: Actor, uid: string, patch: z.output<typeof updateUserRequest>, tx?: Tx): Promise<ManagedUser> {
  return withinTransaction(ctx.db, tx, async (tx) => {
    const self = uid === actor.uid;
    if (self) {
      const refused = Object.keys(patch).find((field) => !SELF_EDITABLE.has(field));
      if (refused) throw new HttpError(403, `You cannot change your own ${refused}`);
    } else {
      await requireManaged(actor, uid, tx);
    }
    const account = await accountByUid(tx.db, uid);
    const current = await managedUserByUid(ctx, uid, tx);
    if (!account || !current) throw new HttpError(404, 'User not found');
    if (patch.role !== undefined && patch.role !== current.role) requireRole(actor, patch.role);
    if (patch.phone !== undefined && patch.phone.trim() === '' && account.smsSecondFactor) {
      throw new HttpError(400, 'This user signs in with an SMS code: the phone number cannot be removed');
    }
    const grants: Array<[GrantKind, TrueMap]> = [];
    for (const kind of Object.keys(grantKinds) as GrantKind[]) {
      const wanted = patch[grantKinds[kind]];
      if (wanted === undefined) continue;
      const next = await replaceGrants(actor, kind, current[grantKinds[kind]], wanted as TrueMap, tx);
      if (!sameKeys(next, current[grantKinds[kind]])) grants.push([kind, next]);
    }
    if (patch.username !== undefined && patch.username.toLowerCase() !== current.username.toLowerCase()) {
      if (await accountByEmail(tx.db, patch.username)) throw userExists();
    }

    const base = userPath(uid);
    if (patch.username !== undefined) {
      try {
        await tx.db.updateTable('accounts').set({ email: patch.username.trim() }).where('uid', '=', uid).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw userExists();
        throw error;
      }
      await ctx.realtime.set(`${base}/email`, patch.username.trim(), tx);
    }
    if (patch.role !== undefined) {
      await tx.db.updateTable('accounts').set({ role: patch.role }).where('uid', '=', uid).execute();
      await ctx.realtime.set(`${base}/role`, patch.role, tx);
    }
    if (patch.phone !== undefined) {
      const phone = patch.phone.trim();
      await tx.db.updateTable('accounts').set({ phone: phone || null }).where('uid', '=', uid).execute();
      await ctx.realtime.set(`${base}/phone`, phone || null, tx);
    }
    if (patch.name !== undefined) await ctx.realtime.set(`${base}/name`, patch.name, tx);
    if (patch.language !== undefined) await ctx.realtime.set(`${base}/language`, patch.language, tx);
    if (patch.source !== undefined) await ctx.realtime.set(`${base}/source`, patch.source, tx);
    if (patch.disabled !== undefined && patch.disabled !== (current.disabled === true)) await setDisabled(ctx, uid, patch.disabled, tx);
    for (const [kind, map] of grants) {
      const field = grantKinds[kind];
      await ctx.realtime.set(`${base}/${field}`, map, tx);
      if (field !== 'licensingPartners') await mirrorGrants(ctx, uid, field, map, tx);
    }
    return (await managedUserByUid(ctx, uid, tx))!;
  });
}

/** PUT (on) or DELETE (off) /users/{id}/{sites|modules|licensingPartners}/{key}; repeating it changes nothing. */
export async function setGrant(ctx: Ctx, actor: Actor, uid: string, kind: GrantKind, key: string, on: boolean, tx?: Tx): Promise<ManagedUser> {
  return withinTransaction(ctx.db, tx, async (tx) => {
    await requireManaged(actor, uid, tx);
    if (kind === 'modules' && !(moduleKeys as readonly string[]).includes(key)) {
      throw new HttpError(400, `Unknown module "${key}". Modules: ${moduleKeys.join(', ')}`);
    }
    await requireGrantable(actor, GRANT_NOUN[kind], [key], tx);
    const field = grantKinds[kind];
    await ctx.realtime.set(`${userPath(uid)}/${field}/${key}`, on ? true : null, tx);
    if (field !== 'licensingPartners') await mirrorGrant(ctx, uid, field, key, on ? true : null, tx);
    return (await managedUserByUid(ctx, uid, tx))!;
  });
}

/**
 * DELETE /users/{uid}: the account (its sessions and tickets cascade), the profile, and every
 * manager's entry. The deleted user's own sub-users pass to the actor, so nobody is left unmanaged.
 */
export async function deleteUser(ctx: Ctx, actor: Actor, uid: string, tx?: Tx): Promise<void> {
  await withinTransaction(ctx.db, tx, async (tx) => {
    await requireManaged(actor, uid, tx);
    const base = userPath(uid);
    const orphans = keysOf(await ctx.realtime.get(`${base}/adminUsers`, tx));
    const now = ctx.clock.now();
    await tx.db.deleteFrom('accounts').where('uid', '=', uid).execute();
    await unsubscribeEverywhere(ctx, uid, tx);
    await ctx.realtime.set(base, null, tx);
    if (actor.systemAdmin) return;
    for (const orphan of orphans) {
      if (orphan === actor.uid || (await actor.manages(orphan, tx)) || !(await accountByUid(tx.db, orphan))) continue;
      const user = (await managedUserByUid(ctx, orphan, tx))!;
      await subscribe(ctx, actor.uid, orphan, { controllers: user.controllers, moduleAccesses: user.moduleAccesses }, now, tx);
    }
  });
}

/** Only a system admin, Admin or PowerUser sets another user's password (admin-modules spec, section 6). */
export async function requireMaySetPasswordOf(actor: Actor, uid: string, tx?: Tx): Promise<void> {
  if (uid === actor.uid) return;
  await requireManaged(actor, uid, tx);
  if (!actor.systemAdmin && actor.role !== 'Admin' && actor.role !== 'PowerUser') {
    throw new HttpError(403, `A ${actor.role} cannot set another user's password`);
  }
}
