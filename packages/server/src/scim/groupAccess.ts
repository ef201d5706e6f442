import { ROLE_MODULES, roles, type Role } from '@varde/core/contract';
import { accountsByUids, type AccountRecord } from '../auth/accounts.js';
import type { CloudContext } from '../context.js';
import type { Tx } from '../storage/transaction.js';
import { requireGrantable, requireRole, type Actor } from '../users/actor.js';
import { managerEntriesOf } from '../users/managers.js';
import { userPath } from '../users/profiles.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime' | 'clock'>;
type TrueMap = Record<string, true>;

/** The role a directory user has while no mapped group holds them: they can sign in and see nothing. */
export const ROLE_WITHOUT_GROUPS: Role = 'Viewer';

/** Whether a connection's groups carry access: once a partner admin maps any of them, groups decide role and sites. */
export async function connectionMapsGroups(tx: Tx, connectionId: string): Promise<boolean> {
  const row = await tx.db.selectFrom('scim_groups').select('id').where('connection_id', '=', connectionId).where('role', 'is not', null).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The highest of the roles (Admin first, roles' order in the contract). */
export function highestRole(held: Iterable<Role>): Role | null {
  let best: Role | null = null;
  for (const role of held) if (best === null || roles.indexOf(role) < roles.indexOf(best)) best = role;
  return best;
}

const sameKeys = (a: TrueMap, b: TrueMap) => Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => b[key] === true);
const lowered = (before: Role, after: Role) => roles.indexOf(after) > roles.indexOf(before);

/** What each user's mapped groups give: the highest role and the union of sites. */
async function accessOf(tx: Tx, uids: readonly string[]): Promise<Map<string, { role: Role; sites: string[] }>> {
  const held = new Map<string, { roles: Role[]; sites: Set<string> }>(uids.map((uid) => [uid, { roles: [], sites: new Set() }]));
  for (let start = 0; start < uids.length; start += 500) {
    const rows = (await tx.db
      .selectFrom('scim_group_members as m')
      .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
      .select(['m.uid', 'g.role', 'g.sites'])
      .where('m.uid', 'in', uids.slice(start, start + 500))
      .where('g.role', 'is not', null)
      .execute()) as Array<{ uid: string; role: Role; sites: string }>;
    for (const row of rows) {
      const access = held.get(row.uid)!;
      access.roles.push(row.role);
      for (const site of JSON.parse(row.sites) as string[]) access.sites.add(site);
    }
  }
  return new Map([...held].map(([uid, access]) => [uid, { role: highestRole(access.roles) ?? ROLE_WITHOUT_GROUPS, sites: [...access.sites].sort() }]));
}

/** Users per profile read in grantsOf: two ranges each, so 500 OR'ed ranges (SQLite's expression depth is 1,000). */
const USERS_PER_READ = 250;

const trueMapOf = (value: unknown): TrueMap =>
  Object.fromEntries(Object.entries(value && typeof value === 'object' ? value : {}).filter(([, flag]) => flag === true).map(([key]) => [key, true as const]));

/** What group access changes of each user: the account's role and the profile's two grant maps (not the whole managed user). */
async function grantsOf(ctx: Ctx, accounts: readonly AccountRecord[], tx: Tx) {
  const users: Array<{ uid: string; role: Role; controllers: TrueMap; moduleAccesses: TrueMap }> = [];
  for (let start = 0; start < accounts.length; start += USERS_PER_READ) {
    const slice = accounts.slice(start, start + USERS_PER_READ);
    const values = await ctx.realtime.getMany(slice.flatMap((account) => [`${userPath(account.uid)}/controllers`, `${userPath(account.uid)}/moduleAccesses`]), tx);
    slice.forEach((account, index) => users.push({ uid: account.uid, role: account.role, controllers: trueMapOf(values[2 * index]), moduleAccesses: trueMapOf(values[2 * index + 1]) }));
  }
  return users;
}

/**
 * Gives each user the access of their mapped groups: the highest role, the union of the sites, and the
 * role's modules, by the users service's rules (the grant matrix; only sites and modules the connection's
 * admin has, the user's others kept as a manager's edit keeps them). A lower role ends the user's sessions,
 * as a manager's change does. Nothing changes while the connection maps no group (role and sites are then
 * the partner admins' to set). Written for a whole membership batch at once: one read of the users, one
 * scan for their managers, one realtime write, not a users-service update per member (a PATCH adds
 * Entra's batches of members).
 */
export async function applyGroupAccess(ctx: Ctx, actor: Actor, connectionId: string, uids: readonly string[], tx: Tx): Promise<void> {
  if (uids.length === 0 || !(await connectionMapsGroups(tx, connectionId))) return;
  const wanted = await accessOf(tx, uids);
  const current = await grantsOf(ctx, await accountsByUids(tx.db, uids), tx);
  const modulesByRole = new Map<Role, TrueMap>();
  const writes: Array<readonly [string, unknown]> = [];
  const byRole = new Map<Role, string[]>();
  const mirrored = new Map<string, { controllers: TrueMap; moduleAccesses: TrueMap }>();
  const endSessions: string[] = [];
  for (const user of current) {
    const target = wanted.get(user.uid)!;
    requireRole(actor, target.role);
    await requireGrantable(actor, 'site', target.sites, tx);
    let modules = modulesByRole.get(target.role);
    if (!modules) {
      modules = {};
      for (const key of ROLE_MODULES[target.role]) if (await actor.hasModule(key, tx)) modules[key] = true;
      modulesByRole.set(target.role, modules);
    }
    const controllers: TrueMap = Object.fromEntries(target.sites.map((site) => [site, true as const]));
    // Grants the actor does not have stay as they were (users/userWrites.ts replaceGrants).
    for (const key of Object.keys(user.controllers)) if (!(await actor.hasSite(key, tx))) controllers[key] = true;
    const moduleAccesses: TrueMap = { ...modules };
    for (const key of Object.keys(user.moduleAccesses)) if (!(await actor.hasModule(key, tx))) moduleAccesses[key] = true;
    const base = userPath(user.uid);
    if (user.role !== target.role) {
      byRole.set(target.role, [...(byRole.get(target.role) ?? []), user.uid]);
      writes.push([`${base}/role`, target.role]);
      if (lowered(user.role, target.role)) endSessions.push(user.uid);
    }
    const sitesChanged = !sameKeys(controllers, user.controllers);
    const modulesChanged = !sameKeys(moduleAccesses, user.moduleAccesses);
    if (sitesChanged) writes.push([`${base}/controllers`, controllers]);
    if (modulesChanged) writes.push([`${base}/moduleAccesses`, moduleAccesses]);
    if (sitesChanged || modulesChanged) mirrored.set(user.uid, { controllers, moduleAccesses });
  }
  for (const [role, changed] of byRole) {
    for (let start = 0; start < changed.length; start += 500) {
      await tx.db.updateTable('accounts').set({ role }).where('uid', 'in', changed.slice(start, start + 500)).execute();
    }
  }
  if (mirrored.size > 0) {
    // Every manager's copy of the grants (users/managers.ts), for the whole batch in one read; an entry
    // gets its addedAt if it had none, so that it outlives its grants (as the users service's edits do).
    for (const { manager, sub, dated } of await managerEntriesOf(ctx, [...mirrored.keys()], tx)) {
      const grants = mirrored.get(sub)!;
      const entry = `${userPath(manager)}/adminUsers/${sub}`;
      writes.push([`${entry}/controllers`, grants.controllers], [`${entry}/moduleAccesses`, grants.moduleAccesses]);
      if (!dated) writes.push([`${entry}/addedAt`, ctx.clock.now()]);
    }
  }
  if (writes.length > 0) await ctx.realtime.setMany(writes, tx);
  if (endSessions.length > 0) await tx.db.deleteFrom('sessions').where('uid', 'in', endSessions).execute();
}
