import { canAddUsers, grantableRoles, moduleKeys, type ModuleKey, type Role } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import { accountByUid } from '../auth/accounts.js';
import { siteByUuid } from '../controllers/sites.js';
import { HttpError } from '../http/HttpError.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'>;

/**
 * Who is acting on the users service and what they may hand out. Read field by field from the
 * realtime tree (never the whole profile: an admin's adminUsers may hold thousands of sub-users).
 */
export interface Actor {
  uid: string;
  role: Role;
  systemAdmin: boolean;
  /** Roles this actor may give (the grant matrix). */
  roles: Role[];
  hasSite(siteId: string): boolean;
  hasModule(module: string): boolean;
  hasPartner(partner: string): boolean;
  /** Whether `uid` is one of this actor's sub-users (a system admin manages everyone else). */
  manages(uid: string): boolean;
  /** The sites, modules and partners this actor can grant (for GET /users/grantable). */
  grantable(): { controllers: string[]; moduleAccesses: ModuleKey[]; licensingPartners: string[] };
}

export function keysOf(value: unknown): string[] {
  return value && typeof value === 'object' ? Object.keys(value) : [];
}

function trueKeys(value: unknown): Set<string> {
  const keys = new Set<string>();
  if (value && typeof value === 'object') {
    for (const [key, flag] of Object.entries(value)) if (flag === true) keys.add(key);
  }
  return keys;
}

/** The caller as an actor; a token whose account was deleted meanwhile is no longer good. */
export function loadActor(ctx: Ctx, uid: string): Actor {
  const account = accountByUid(ctx.db, uid);
  if (!account) throw new HttpError(401, 'Your account no longer exists');
  const base = userPath(uid);
  const systemAdmin = ctx.realtime.get(`${base}/systemAdmin`) === true;
  // Each grant map is read when first asked for: most requests need one of them or none.
  const lazy = (field: string) => {
    let keys: Set<string> | undefined;
    return () => (keys ??= trueKeys(ctx.realtime.get(`${base}/${field}`)));
  };
  const sites = lazy('controllers');
  const modules = lazy('moduleAccesses');
  const partners = lazy('licensingPartners');
  const role = account.role;
  return {
    uid,
    role,
    systemAdmin,
    roles: grantableRoles(role, systemAdmin),
    // A system admin has every site and partner there is (and only those that exist).
    hasSite: (siteId) => (systemAdmin ? siteByUuid(ctx.db, siteId) !== null : sites().has(siteId)),
    hasModule: (module) => (systemAdmin ? (moduleKeys as readonly string[]).includes(module) : modules().has(module)),
    hasPartner: (partner) =>
      systemAdmin ? partners().has(partner) || ctx.realtime.get(`/partners/${partner}/name`) !== null : partners().has(partner),
    manages: (target) => {
      if (target === uid) return false;
      if (systemAdmin) return accountByUid(ctx.db, target) !== null;
      return ctx.realtime.get(`${base}/adminUsers/${target}`) !== null;
    },
    grantable: () => ({
      controllers: systemAdmin
        ? (ctx.db.prepare('SELECT uuid FROM sites ORDER BY uuid').all() as { uuid: string }[]).map((row) => row.uuid)
        : [...sites()].sort(),
      moduleAccesses: systemAdmin ? [...moduleKeys] : moduleKeys.filter((key) => modules().has(key)),
      licensingPartners: systemAdmin
        ? [...new Set([...partners(), ...keysOf(ctx.realtime.get('/partners'))])].sort()
        : [...partners()].sort(),
    }),
  };
}

export function requireCanAddUsers(actor: Actor): void {
  if (!canAddUsers(actor.role, actor.systemAdmin)) throw new HttpError(403, `A ${actor.role} cannot add users`);
}

export function requireRole(actor: Actor, role: Role): void {
  if (!actor.roles.includes(role)) throw new HttpError(403, `A ${actor.role} cannot grant the role ${role}`);
}

/** Every key must be one the actor has; otherwise 403 naming the first that is not. */
export function requireGrantable(actor: Actor, kind: 'site' | 'module' | 'partner', keys: Iterable<string>): void {
  const has = kind === 'site' ? actor.hasSite : kind === 'module' ? actor.hasModule : actor.hasPartner;
  for (const key of keys) {
    if (!has(key)) throw new HttpError(403, `You cannot grant the ${kind} ${key}: you do not have it`);
  }
}

/** The target must be a sub-user of the actor; others are "not found" (nobody learns who exists). */
export function requireManaged(actor: Actor, uid: string): void {
  if (!actor.manages(uid)) throw new HttpError(404, 'User not found');
}
