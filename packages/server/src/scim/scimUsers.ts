import { accountByUid, updatePasswordHash } from '../auth/accounts.js';
import { hashPassword } from '../auth/secrets.js';
import { deleteSessionsOf } from '../auth/sessions.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { CloudContext } from '../context.js';
import { storeHeldInserts } from '../storage/deferredInserts.js';
import type { Tx } from '../storage/transaction.js';
import { setDisabled } from '../users/disabledAccounts.js';
import { sendInvitation } from '../users/invitation.js';
import { managedUserByUid } from '../users/managedUsers.js';
import { userPath } from '../users/profiles.js';
import { createUser, NO_PASSWORD, updateUser } from '../users/userWrites.js';
import { ROLE_WITHOUT_GROUPS } from './groupAccess.js';
import type { ScimCaller } from './scimCaller.js';
import { ScimError } from './scimError.js';
import { operationsOf, patched } from './scimPatch.js';
import { requireSchemas, requireVersion } from './scimRequest.js';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA, USER_SCHEMAS_ACCEPTED } from './scimSchemas.js';
import { claimsOf, type Claims, groupRefsOf, insertScimUser, insertScimUserWithCommit, scimUserByExternalId, scimUserByUid, unlinkScimUser, updateScimUser } from './scimUserStore.js';
import { READ_ONLY_USER_ATTRIBUTES, userResourceOf, userWriteOf, WRITABLE_USER_ATTRIBUTES, type StoredScimUser, type UserWrite } from './userResource.js';

type Ctx = CloudContext;

const PATH_RULES = {
  writable: WRITABLE_USER_ATTRIBUTES,
  readOnly: READ_ONLY_USER_ATTRIBUTES,
  extensions: new Set([ENTERPRISE_USER_SCHEMA.toLowerCase()]),
  core: USER_SCHEMA,
};

function notFound(id: string): ScimError {
  return new ScimError(404, `No user ${id.slice(0, 100)}`);
}

/** The user as answered, with their groups. */
export async function userResponse(ctx: Ctx, caller: ScimCaller, uid: string, tx?: Tx): Promise<Record<string, unknown>> {
  const db = tx?.db ?? ctx.db;
  const user = await scimUserByUid(db, caller.connection.partner, uid);
  if (!user) throw notFound(uid);
  return userResourceOf(user, (await groupRefsOf(db, [uid])).get(uid), caller.baseUrl);
}

async function requireFreeExternalId(tx: Tx, caller: ScimCaller, externalId: string | null, uid: string | null): Promise<void> {
  if (externalId === null) return;
  const holder = await scimUserByExternalId(tx.db, caller.connection.partner, externalId);
  if (holder && holder.uid !== uid) throw externalIdTaken(externalId);
}

function externalIdTaken(externalId: string): ScimError {
  return new ScimError(409, `The externalId "${externalId.slice(0, 100)}" belongs to another user`, 'uniqueness');
}

async function audit(tx: Tx, caller: ScimCaller, action: string, uid: string, summary: string): Promise<void> {
  await recordAudit(tx, { partnerId: caller.connection.partner, ...caller.origin, action, objectKind: 'user', objectId: uid, summary });
}

/** Ends what a leaver holds at once: sessions go with setDisabled; access tokens are deleted, so reactivation revives none. */
async function endCredentials(tx: Tx, uid: string): Promise<void> {
  await deleteSessionsOf(tx.db, uid);
  await tx.db.deleteFrom('access_tokens').where('uid', '=', uid).execute();
}

/** A create, checked before it joins the write batch (see planScimUser). */
export interface ScimUserPlan {
  write: UserWrite;
  /** The password's hash, made before the batch (scrypt's tens of ms would hold every write of it); NO_PASSWORD when none came. */
  passwordHash: string;
}

function refuseClaimed(claims: Claims, write: UserWrite): void {
  if (claims.externalIdHolder !== null) throw externalIdTaken(write.externalId!);
  if (claims.linkedHere) throw new ScimError(409, `A user with userName "${write.userName}" exists`, 'uniqueness');
}

/** POST /Users before the write batch: the body is valid (a refusal of its shape costs the batch nothing). */
export async function planScimUser(body: Record<string, unknown>): Promise<ScimUserPlan> {
  requireSchemas(body, USER_SCHEMAS_ACCEPTED, USER_SCHEMA);
  const write = userWriteOf(body);
  return { write, passwordHash: write.password === undefined ? NO_PASSWORD : await hashPassword(write.password) };
}

/** Nothing found: what a create assumes while the batch holds its rows (see createScimUser). */
const UNCLAIMED: Claims = { account: null, linkedHere: false, externalIdHolder: null };

/**
 * POST /Users in the write batch: a new account (or one of the partner's own that the directory now
 * takes over), invited when no password came. A directory asks for a userName just before it creates it
 * (Entra's GET), so a batch that holds its rows for the commit reads nothing first: the unique indexes on
 * the e-mail and on the partner's externalIds refuse a taken one at the commit, and the batch then runs
 * again, each write in a savepoint with nothing held, where this reads what the userName and externalId
 * meet and answers as it should (409, or the partner's own account taken over). On PostgreSQL that read
 * was a round trip for every user. A new account comes back as written (`created`), not read back.
 */
export async function createScimUser(ctx: Ctx, caller: ScimCaller, plan: ScimUserPlan, tx: Tx): Promise<{ uid: string; created: StoredScimUser | null }> {
  const { write, passwordHash } = plan;
  const { partner, id: connectionId, name: connectionName } = caller.connection;
  const actor = await caller.actor(tx);
  // An inactive create stores its rows at once (to disable the account), where a lone write's failure would be final: it reads first.
  const claims = tx.deferred && write.active ? UNCLAIMED : await claimsOf(tx.db, partner, write.userName, write.externalId);
  refuseClaimed(claims, write);
  const now = ctx.clock.now();
  const existing = claims.account;
  if (existing) {
    // A person the connection's admin added by hand joins the directory's care; anyone else's address is taken.
    if (existing.kind !== 'person' || !(await actor.manages(existing.uid, tx))) throw new ScimError(409, `The userName "${write.userName}" is taken by another account`, 'uniqueness');
    await insertScimUser(tx, { uid: existing.uid, partner, connectionId, externalId: write.externalId, attributes: write.attributes }, now);
    await ctx.realtime.set(`${userPath(existing.uid)}/directory`, connectionName, tx);
    await writeAccount(ctx, caller, existing.uid, write, !existing.disabled, tx);
    await audit(tx, caller, 'user.create', existing.uid, `${write.userName} linked to the directory ${connectionName}`);
    return { uid: existing.uid, created: null };
  }
  const user = await createUser(
    ctx,
    actor,
    { username: write.userName, name: write.name, role: ROLE_WITHOUT_GROUPS, controllers: {}, ...(write.phone ? { phone: write.phone } : {}), ...(write.language ? { language: write.language } : {}) },
    passwordHash,
    tx,
    { directory: connectionName },
  );
  await insertScimUserWithCommit(tx, { uid: user.uid, partner, connectionId, externalId: write.externalId, attributes: write.attributes }, now);
  if (!write.active) {
    // The account row waits for the batch's commit (storage/deferredInserts.ts): stored now, to be disabled.
    await storeHeldInserts(tx);
    await setDisabled(ctx, user.uid, true, tx);
  } else if (write.password === undefined) await sendInvitation(ctx, user, await caller.inviterName(tx), tx);
  await audit(tx, caller, 'user.create', user.uid, `${write.userName} (${write.name}) created by the directory ${connectionName}${write.active ? '' : ', inactive'}`);
  const created: StoredScimUser = { uid: user.uid, email: write.userName, disabled: !write.active, externalId: write.externalId, attributes: write.attributes, version: 1, createdAt: now, updatedAt: now };
  return { uid: user.uid, created };
}

/** What the account takes from a valid resource; `wasActive` tells a deactivation or reactivation. */
async function writeAccount(ctx: Ctx, caller: ScimCaller, uid: string, write: UserWrite, wasActive: boolean, tx: Tx): Promise<void> {
  const actor = await caller.actor(tx);
  await updateUser(
    ctx,
    actor,
    uid,
    { username: write.userName, name: write.name, ...(write.phone ? { phone: write.phone } : {}), ...(write.language ? { language: write.language } : {}), ...(write.active !== wasActive ? { disabled: !write.active } : {}) },
    tx,
  );
  if (write.password !== undefined) {
    await updatePasswordHash(tx.db, uid, await hashPassword(write.password));
    await deleteSessionsOf(tx.db, uid);
  }
  if (wasActive && !write.active) {
    await endCredentials(tx, uid);
    await audit(tx, caller, 'user.deactivate', uid, `${write.userName} deactivated by the directory ${caller.connection.name}: sessions and access tokens ended`);
  } else if (!wasActive && write.active) {
    // Sign-in comes back; someone who never chose a password is invited again.
    const account = await accountByUid(tx.db, uid);
    if (account?.passwordHash === NO_PASSWORD && write.password === undefined) {
      const user = (await managedUserByUid(ctx, uid, tx))!;
      await sendInvitation(ctx, user, await caller.inviterName(tx), tx);
    }
    await audit(tx, caller, 'user.reactivate', uid, `${write.userName} reactivated by the directory ${caller.connection.name}`);
  }
}

function changedFields(before: StoredScimUser, write: UserWrite): string[] {
  const changed: string[] = [];
  if (before.email.toLowerCase() !== write.userName.toLowerCase()) changed.push('userName');
  if (before.externalId !== write.externalId) changed.push('externalId');
  for (const key of new Set([...Object.keys(before.attributes), ...Object.keys(write.attributes)])) {
    if (JSON.stringify(before.attributes[key]) !== JSON.stringify(write.attributes[key])) changed.push(key);
  }
  if (write.password !== undefined) changed.push('password');
  return changed;
}

async function replaceWith(ctx: Ctx, caller: ScimCaller, before: StoredScimUser, write: UserWrite, tx: Tx): Promise<void> {
  await requireFreeExternalId(tx, caller, write.externalId, before.uid);
  const changed = changedFields(before, write);
  await writeAccount(ctx, caller, before.uid, write, !before.disabled, tx);
  await updateScimUser(tx, before.uid, { externalId: write.externalId, attributes: write.attributes }, ctx.clock.now());
  if (changed.length > 0) await audit(tx, caller, 'user.update', before.uid, `${write.userName}: ${changed.join(', ')} changed by the directory ${caller.connection.name}`);
}

async function requireUser(caller: ScimCaller, uid: string, tx: Tx, ifMatch: string[] | null): Promise<StoredScimUser> {
  const user = await scimUserByUid(tx.db, caller.connection.partner, uid);
  if (!user) throw notFound(uid);
  requireVersion(ifMatch, user.version);
  return user;
}

/** PUT /Users/{id}: the whole resource (attributes it leaves out are gone). */
export async function replaceScimUser(ctx: Ctx, caller: ScimCaller, uid: string, body: Record<string, unknown>, ifMatch: string[] | null, tx: Tx): Promise<void> {
  requireSchemas(body, USER_SCHEMAS_ACCEPTED, USER_SCHEMA);
  const before = await requireUser(caller, uid, tx, ifMatch);
  await replaceWith(ctx, caller, before, userWriteOf(body), tx);
}

/** PATCH /Users/{id}. */
export async function patchScimUser(ctx: Ctx, caller: ScimCaller, uid: string, body: unknown, ifMatch: string[] | null, tx: Tx): Promise<void> {
  const before = await requireUser(caller, uid, tx, ifMatch);
  const operations = operationsOf(body, PATH_RULES, uid);
  const resource = userResourceOf(before, undefined, caller.baseUrl);
  await replaceWith(ctx, caller, before, userWriteOf(patched(resource, operations)), tx);
}

/**
 * DELETE /Users/{id} (Okta's option): the person leaves the directory's view and Varde's sign-in, and
 * keeps their history: the account stays, disabled, so alarms they acknowledged and records name them.
 * A later POST of the same userName takes the account back (reactivated).
 */
export async function deleteScimUser(ctx: Ctx, caller: ScimCaller, uid: string, ifMatch: string[] | null, tx: Tx): Promise<void> {
  const before = await requireUser(caller, uid, tx, ifMatch);
  const actor = await caller.actor(tx);
  if (!before.disabled) await updateUser(ctx, actor, uid, { disabled: true }, tx);
  await endCredentials(tx, uid);
  await unlinkScimUser(tx, uid);
  await ctx.realtime.set(`${userPath(uid)}/directory`, null, tx);
  await audit(tx, caller, 'user.delete', uid, `${before.email} deleted by the directory ${caller.connection.name}: disabled, history kept`);
}
