import { ROLE_MODULES, roles, type Role } from '@varde/core/contract';
import { accountByUid } from '../auth/accounts.js';
import { deleteSessionsOf } from '../auth/sessions.js';
import type { CloudContext } from '../context.js';
import type { Tx } from '../storage/transaction.js';
import type { Actor } from '../users/actor.js';
import { updateUser } from '../users/userWrites.js';

type Ctx = Pick<CloudContext, 'db' | 'realtime' | 'clock'>;

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

/**
 * Gives each user the access of their mapped groups: the highest role, the union of the sites, and the
 * role's modules, through the users service's own rules (updateUser: the grant matrix, only the sites the
 * connection's admin has). A lower role ends the user's sessions, as a manager's change does. Nothing is
 * changed while the connection maps no group (role and sites are then the partner admins' to set).
 */
export async function applyGroupAccess(ctx: Ctx, actor: Actor, connectionId: string, uids: readonly string[], tx: Tx): Promise<void> {
  if (uids.length === 0 || !(await connectionMapsGroups(tx, connectionId))) return;
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
  for (const [uid, access] of held) {
    const role = highestRole(access.roles) ?? ROLE_WITHOUT_GROUPS;
    const modules: Record<string, true> = {};
    for (const key of ROLE_MODULES[role]) if (await actor.hasModule(key, tx)) modules[key] = true;
    const before = (await accountByUid(tx.db, uid))?.role;
    const controllers = Object.fromEntries([...access.sites].map((site) => [site, true as const]));
    await updateUser(ctx, actor, uid, { role, controllers, moduleAccesses: modules }, tx);
    if (before && roles.indexOf(role) > roles.indexOf(before)) await deleteSessionsOf(tx.db, uid);
  }
}
