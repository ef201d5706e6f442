import { ROLE_MODULES } from '@varde/core/contract';
import { randomUUID } from 'node:crypto';
import {
  grantKinds,
  moduleKeys,
  type GrantKind,
  type ManagedUser,
  type UserData,
  type createUserRequest,
  type updateUserRequest,
} from '@varde/core/contract';
import type * as z from 'zod/mini';
import type { CloudContext } from '../context.js';
import { accountByEmail, accountByUid, insertAccount } from '../auth/accounts.js';
import { HttpError } from '../http/HttpError.js';
import { requireCanAddUsers, requireGrantable, requireManaged, requireRole, keysOf, type Actor } from './actor.js';
import { managedUserByUid } from './managedUsers.js';
import { forgetManager, mirrorGrant, mirrorGrants, subscribe, unsubscribeEverywhere } from './managers.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime' | 'clock'>;
type TrueMap = Record<string, true>;

/** An account created without a password cannot sign in until one is set (no scrypt hash matches it). */
export const NO_PASSWORD = 'none';

const GRANT_NOUN = { sites: 'site', modules: 'module', licensingPartners: 'partner' } as const;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const userExists = () => new HttpError(409, 'User already exists');

/** Roles whose new users they subscribe to (admin-modules spec, section 6). */
function subscribesToNewUsers(actor: Actor): boolean {
  return actor.systemAdmin || actor.role === 'Admin' || actor.role === 'PowerUser';
}

/** POST /users: checks the grant matrix and the actor's grants, then writes account and profile in one transaction. */
export function createUser(
  ctx: Ctx,
  actor: Actor,
  body: z.output<typeof createUserRequest>,
  passwordHash: string = NO_PASSWORD,
): ManagedUser {
  requireCanAddUsers(actor);
  requireRole(actor, body.role);
  const controllers = body.controllers ?? {};
  // Named modules are checked below; none named: the role's own set, of what the adder may grant.
  const moduleAccesses = body.moduleAccesses ?? Object.fromEntries(ROLE_MODULES[body.role].filter((key) => actor.hasModule(key)).map((key) => [key, true as const]));
  const licensingPartners = body.licensingPartners ?? {};
  requireGrantable(actor, 'site', Object.keys(controllers));
  requireGrantable(actor, 'module', Object.keys(moduleAccesses));
  requireGrantable(actor, 'partner', Object.keys(licensingPartners));
  if (accountByEmail(ctx.db, body.username)) throw userExists();

  const uid = randomUUID();
  const now = ctx.clock.now();
  // A new user works for their creator's partner (and so shares its functions, mappings, models);
  // a system admin's new user for the first licensing partner they were given, if any.
  const creatorPartner = actor.systemAdmin ? Object.keys(licensingPartners)[0] : ctx.realtime.get(`${userPath(actor.uid)}/mainPartner`);
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
  try {
    ctx.db.transaction(() => {
      insertAccount(ctx.db, { uid, email: body.username, passwordHash, phone: body.phone || null, role: body.role }, now);
      ctx.realtime.set(userPath(uid), profile);
      if (subscribesToNewUsers(actor)) subscribe(ctx, actor.uid, uid, { controllers, moduleAccesses }, now);
    })();
  } catch (error) {
    if (isUniqueViolation(error)) throw userExists();
    throw error;
  }
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
  return user;
}

/** What a user may change about themselves (account settings); role and grants are for their managers. */
const SELF_EDITABLE = new Set(['name', 'phone', 'language']);

/** The new map: the patch decides the keys the actor controls; keys the actor lacks stay as they were. */
function replaceGrants(actor: Actor, kind: GrantKind, current: TrueMap, wanted: TrueMap): TrueMap {
  const has = kind === 'sites' ? actor.hasSite : kind === 'modules' ? actor.hasModule : actor.hasPartner;
  requireGrantable(actor, GRANT_NOUN[kind], Object.keys(wanted));
  const next: TrueMap = { ...wanted };
  for (const key of Object.keys(current)) if (!has(key)) next[key] = true;
  return next;
}

function sameKeys(a: TrueMap, b: TrueMap): boolean {
  const left = Object.keys(a);
  return left.length === Object.keys(b).length && left.every((key) => b[key] === true);
}

/** PATCH /users/{id}: property updates, and whole grant maps for the bulk import. */
export function updateUser(ctx: Ctx, actor: Actor, uid: string, patch: z.output<typeof updateUserRequest>): ManagedUser {
  const self = uid === actor.uid;
  if (self) {
    const refused = Object.keys(patch).find((field) => !SELF_EDITABLE.has(field));
    if (refused) throw new HttpError(403, `You cannot change your own ${refused}`);
  } else {
    requireManaged(actor, uid);
  }
  const account = accountByUid(ctx.db, uid);
  const current = managedUserByUid(ctx, uid);
  if (!account || !current) throw new HttpError(404, 'User not found');
  if (patch.role !== undefined && patch.role !== current.role) requireRole(actor, patch.role);
  if (patch.phone !== undefined && patch.phone.trim() === '' && account.smsSecondFactor) {
    throw new HttpError(400, 'This user signs in with an SMS code: the phone number cannot be removed');
  }
  const grants: Array<[GrantKind, TrueMap]> = [];
  for (const kind of Object.keys(grantKinds) as GrantKind[]) {
    const wanted = patch[grantKinds[kind]];
    if (wanted === undefined) continue;
    const next = replaceGrants(actor, kind, current[grantKinds[kind]], wanted as TrueMap);
    if (!sameKeys(next, current[grantKinds[kind]])) grants.push([kind, next]);
  }
  if (patch.username !== undefined && patch.username.toLowerCase() !== current.username.toLowerCase()) {
    if (accountByEmail(ctx.db, patch.username)) throw userExists();
  }

  const base = userPath(uid);
  try {
    ctx.db.transaction(() => {
      if (patch.username !== undefined) {
        ctx.db.prepare('UPDATE accounts SET email = ? WHERE uid = ?').run(patch.username.trim(), uid);
        ctx.realtime.set(`${base}/email`, patch.username.trim());
      }
      if (patch.role !== undefined) {
        ctx.db.prepare('UPDATE accounts SET role = ? WHERE uid = ?').run(patch.role, uid);
        ctx.realtime.set(`${base}/role`, patch.role);
      }
      if (patch.phone !== undefined) {
        const phone = patch.phone.trim();
        ctx.db.prepare('UPDATE accounts SET phone = ? WHERE uid = ?').run(phone || null, uid);
        ctx.realtime.set(`${base}/phone`, phone || null);
      }
      if (patch.name !== undefined) ctx.realtime.set(`${base}/name`, patch.name);
      if (patch.language !== undefined) ctx.realtime.set(`${base}/language`, patch.language);
      for (const [kind, map] of grants) {
        const field = grantKinds[kind];
        ctx.realtime.set(`${base}/${field}`, map);
        if (field !== 'licensingPartners') mirrorGrants(ctx, uid, field, map);
      }
    })();
  } catch (error) {
    if (isUniqueViolation(error)) throw userExists();
    throw error;
  }
  return managedUserByUid(ctx, uid)!;
}

/** PUT (on) or DELETE (off) /users/{id}/{sites|modules|licensingPartners}/{key}; repeating it changes nothing. */
export function setGrant(ctx: Ctx, actor: Actor, uid: string, kind: GrantKind, key: string, on: boolean): ManagedUser {
  requireManaged(actor, uid);
  if (kind === 'modules' && !(moduleKeys as readonly string[]).includes(key)) {
    throw new HttpError(400, `Unknown module "${key}". Modules: ${moduleKeys.join(', ')}`);
  }
  requireGrantable(actor, GRANT_NOUN[kind], [key]);
  const field = grantKinds[kind];
  ctx.db.transaction(() => {
    ctx.realtime.set(`${userPath(uid)}/${field}/${key}`, on ? true : null);
    if (field !== 'licensingPartners') mirrorGrant(ctx, uid, field, key, on ? true : null);
  })();
  return managedUserByUid(ctx, uid)!;
}

/**
 * DELETE /users/{uid}: the account (its sessions and tickets cascade), the profile, and every
 * manager's entry. The deleted user's own sub-users pass to the actor, so nobody is left unmanaged.
 */
export function deleteUser(ctx: Ctx, actor: Actor, uid: string): void {
  requireManaged(actor, uid);
  const base = userPath(uid);
  const orphans = keysOf(ctx.realtime.get(`${base}/adminUsers`));
  const now = ctx.clock.now();
  ctx.db.transaction(() => {
    ctx.db.prepare('DELETE FROM accounts WHERE uid = ?').run(uid);
    unsubscribeEverywhere(ctx, uid);
    forgetManager(ctx, uid, orphans);
    ctx.realtime.set(base, null);
    if (actor.systemAdmin) return;
    for (const orphan of orphans) {
      if (orphan === actor.uid || actor.manages(orphan) || !accountByUid(ctx.db, orphan)) continue;
      const user = managedUserByUid(ctx, orphan)!;
      subscribe(ctx, actor.uid, orphan, { controllers: user.controllers, moduleAccesses: user.moduleAccesses }, now);
    }
  })();
}

/** Only a system admin, Admin or PowerUser sets another user's password (admin-modules spec, section 6). */
export function requireMaySetPasswordOf(actor: Actor, uid: string): void {
  if (uid === actor.uid) return;
  requireManaged(actor, uid);
  if (!actor.systemAdmin && actor.role !== 'Admin' && actor.role !== 'PowerUser') {
    throw new HttpError(403, `A ${actor.role} cannot set another user's password`);
  }
}
