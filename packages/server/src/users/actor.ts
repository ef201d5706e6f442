import { canAddUsers, grantableRoles, moduleKeys, type ModuleKey, type Role } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import { accountByUid } from '../auth/accounts.js';
import { siteByUuid } from '../controllers/sites.js';
import { HttpError } from '../http/HttpError.js';
import type { Tx } from '../storage/transaction.js';
import { userPath } from './profiles.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'>;

/**
 * Who is acting on the users service and what they may hand out. Read field by field from the
 * realtime tree (never the whole profile: an admin's adminUsers may hold thousands of sub-users).
 * Inside a transaction, pass its Tx to every check: the checks then read through it (on SQLite a read
 * outside it would wait for ever) and hold for the writes that follow.
 */
export interface Actor {
  uid: string;
  role: Role;
  systemAdmin: boolean;
  /** Roles this actor may give (the grant matrix). */
  roles: Role[];
  hasSite(siteId: string, tx?: Tx): Promise<boolean>;
  hasModule(module: string, tx?: Tx): Promise<boolean>;
  hasPartner(partner: string, tx?: Tx): Promise<boolean>;
  /** The partner this actor works for (their new users work for it too), if any. */
  mainPartner(tx?: Tx): Promise<string | null>;
  /** Whether `uid` is one of this actor's sub-users (a system admin manages everyone else). */
  manages(uid: string, tx?: Tx): Promise<boolean>;
  /** The sites, modules and partners this actor can grant (for GET /users/grantable). */
  grantable(): Promise<{ controllers: string[]; moduleAccesses: ModuleKey[]; licensingPartners: string[] }>;
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

/** The profile fields an actor's grant checks read, in this order, in one realtime read. */
export const ACTOR_PROFILE_FIELDS = ['controllers', 'moduleAccesses', 'licensingPartners', 'mainPartner'] as const;

/** What a request has read of its caller already: the account's role (with the session) and the flag. */
export interface KnownCaller {
  role: Role;
  systemAdmin: boolean;
  /** The values of ACTOR_PROFILE_FIELDS, when the request read them with something else of its own. */
  profile?: readonly unknown[];
}

/**
 * The caller as an actor; a token whose account was deleted meanwhile is no longer good. `known` is
 * what the request read of the caller already (see http/callerProfile.ts): then nothing is read here.
 */
export async function loadActor(ctx: Ctx, uid: string, tx?: Tx, known?: KnownCaller): Promise<Actor> {
  const base = userPath(uid);
  const { role, systemAdmin } = known ?? (await readCaller(ctx, uid, tx));
  // The grant maps (and the partner new users work for) are read together when first asked for, in one
  // query: a create checks sites and modules, and inside the write batcher every query waits its turn.
  let own: Promise<{ sites: Set<string>; modules: Set<string>; partners: Set<string>; mainPartner: unknown }> | undefined;
  const readOwn = (tx?: Tx) =>
    (own ??= (known?.profile ? Promise.resolve(known.profile) : ctx.realtime.getMany(ACTOR_PROFILE_FIELDS.map((field) => `${base}/${field}`), tx))
      .then(([controllers, moduleAccesses, licensingPartners, mainPartner]) => ({
        sites: trueKeys(controllers),
        modules: trueKeys(moduleAccesses),
        partners: trueKeys(licensingPartners),
        mainPartner,
      })));
  const sites = async (tx?: Tx) => (await readOwn(tx)).sites;
  const modules = async (tx?: Tx) => (await readOwn(tx)).modules;
  const partners = async (tx?: Tx) => (await readOwn(tx)).partners;
  return {
    uid,
    role,
    systemAdmin,
    roles: grantableRoles(role, systemAdmin),
    // A system admin has every site and partner there is (and only those that exist).
    hasSite: async (siteId, tx) => (systemAdmin ? (await siteByUuid(tx?.db ?? ctx.db, siteId)) !== null : (await sites(tx)).has(siteId)),
    hasModule: async (module, tx) => (systemAdmin ? (moduleKeys as readonly string[]).includes(module) : (await modules(tx)).has(module)),
    hasPartner: async (partner, tx) =>
      systemAdmin
        ? (await partners(tx)).has(partner) || (await ctx.realtime.get(`/partners/${partner}/name`, tx)) !== null
        : (await partners(tx)).has(partner),
    mainPartner: async (tx) => {
      const partner = (await readOwn(tx)).mainPartner;
      return typeof partner === 'string' ? partner : null;
    },
    manages: async (target, tx) => {
      if (target === uid) return false;
      if (systemAdmin) return (await accountByUid(tx?.db ?? ctx.db, target)) !== null;
      return (await ctx.realtime.get(`${base}/adminUsers/${target}`, tx)) !== null;
    },
    grantable: async () => {
      if (systemAdmin) {
        const rows = (await ctx.db.selectFrom('sites').select('uuid').orderBy('uuid').execute()) as { uuid: string }[];
        const partnerKeys = new Set([...(await partners()), ...keysOf(await ctx.realtime.get('/partners'))]);
        return { controllers: rows.map((row) => row.uuid), moduleAccesses: [...moduleKeys], licensingPartners: [...partnerKeys].sort() };
      }
      const modulesHad = await modules();
      return {
        controllers: [...(await sites())].sort(),
        moduleAccesses: moduleKeys.filter((key) => modulesHad.has(key)),
        licensingPartners: [...(await partners())].sort(),
      };
    },
  };
}

async function readCaller(ctx: Ctx, uid: string, tx?: Tx): Promise<KnownCaller> {
  // Side by side outside a transaction (two round trips at once on PostgreSQL); one after the other
  // inside one, whose single connection takes one query at a time anyway.
  const readAccount = () => accountByUid(tx?.db ?? ctx.db, uid);
  const readSystemAdmin = async () => (await ctx.realtime.get(`${userPath(uid)}/systemAdmin`, tx)) === true;
  const [account, systemAdmin] = tx ? [await readAccount(), await readSystemAdmin()] : await Promise.all([readAccount(), readSystemAdmin()]);
  if (!account) throw new HttpError(401, 'Your account no longer exists');
  return { role: account.role, systemAdmin };
}

export function requireCanAddUsers(actor: Actor): void {
  if (!canAddUsers(actor.role, actor.systemAdmin)) throw new HttpError(403, `A ${actor.role} cannot add users`);
}

export function requireRole(actor: Actor, role: Role): void {
  if (!actor.roles.includes(role)) throw new HttpError(403, `A ${actor.role} cannot grant the role ${role}`);
}

/** Every key must be one the actor has; otherwise 403 naming the first that is not. */
export async function requireGrantable(actor: Actor, kind: 'site' | 'module' | 'partner', keys: Iterable<string>, tx?: Tx): Promise<void> {
  const has = kind === 'site' ? actor.hasSite : kind === 'module' ? actor.hasModule : actor.hasPartner;
  for (const key of keys) {
    if (!(await has(key, tx))) throw new HttpError(403, `You cannot grant the ${kind} ${key}: you do not have it`);
  }
}

/** The target must be a sub-user of the actor; others are "not found" (nobody learns who exists). */
export async function requireManaged(actor: Actor, uid: string, tx?: Tx): Promise<void> {
  if (!(await actor.manages(uid, tx))) throw new HttpError(404, 'User not found');
}
