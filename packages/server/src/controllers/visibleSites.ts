import type { CloudServices } from '../services.js';
import { accountByUid, accountsByUids, type AccountRecord } from '../auth/accounts.js';
import { readProfile, userPath, type UserProfile } from '../users/profiles.js';
import type { Caller } from '../http/caller.js';
import { profileOfCaller } from '../http/callerProfile.js';
import { HttpError } from '../http/HttpError.js';
import { sharedInFlight } from '../storage/coalescedReads.js';
import type { CallerCache } from '../http/callerCache.js';
import { keptSite } from './keptSites.js';
import { siteByUuid, sitesPage, type SiteRecord } from './sites.js';

/** What a site uuid may look like as a realtime key (no '/', '.', '#', '$', '[' or ']'). */
const SITE_KEY = /^[A-Za-z0-9_-]{1,128}$/;

/** Roles that administer sites (and so have adminControllers). */
const SITE_ADMIN_ROLES = new Set(['Admin', 'PowerUser']);

/** `keptRows`: the cloud's (http/keptRows.ts); a context without one reads a request's site every time. */
type SiteServices = Pick<CloudServices, 'db' | 'realtime'> & { keptRows?: CallerCache };

export async function profileOf(ctx: SiteServices, uid: string): Promise<UserProfile | null> {
  const account = await accountByUid(ctx.db, uid);
  return account ? await readProfile(ctx.realtime, account) : null;
}

/**
 * Whether a user is a system admin, read from the one leaf (not the whole profile: a user with
 * thousands of sites has thousands of leaves under /users/{uid}/controllers, and site checks run on
 * every socket event and report).
 */
async function isSystemAdmin(ctx: Pick<CloudServices, 'realtime'>, uid: string): Promise<boolean> {
  return (await ctx.realtime.get(`${userPath(uid)}/systemAdmin`)) === true;
}

/**
 * Which sites a list holds for a user: every site (null), or these uuids. `controllers`: the sites a
 * user may see, those in /users/{uid}/controllers (a system admin sees all). `adminControllers`: the
 * sites they administer: a system admin all; an Admin or PowerUser the sites they have; User, Guest and
 * Viewer none.
 */
async function siteScope(ctx: Pick<CloudServices, 'realtime'>, account: AccountRecord, list: 'controllers' | 'adminControllers'): Promise<readonly string[] | null> {
  if (await isSystemAdmin(ctx, account.uid)) return null;
  if (list === 'adminControllers' && !SITE_ADMIN_ROLES.has(account.role)) return [];
  const controllers = await ctx.realtime.get(`${userPath(account.uid)}/controllers`);
  if (!controllers || typeof controllers !== 'object') return [];
  return Object.entries(controllers).filter(([, granted]) => granted === true).map(([uuid]) => uuid);
}

/**
 * Whose sites: a request's caller (its profile read once for the request, http/callerProfile.ts; the
 * token check proved the account and read its role), or a uid read afresh (sockets, jobs).
 */
export type SiteViewer = Caller | string;

/** The site scope of a list for a viewer (see siteScope); [] for an account that is gone. */
async function scopeOf(ctx: SiteServices, who: SiteViewer, list: 'controllers' | 'adminControllers'): Promise<readonly string[] | null> {
  if (typeof who === 'string') {
    const account = await accountByUid(ctx.db, who);
    return account ? siteScope(ctx, account, list) : [];
  }
  const profile = await profileOfCaller(ctx, who);
  if (profile.systemAdmin) return null;
  if (list === 'adminControllers' && !SITE_ADMIN_ROLES.has(who.accountRole)) return [];
  return [...profile.sites];
}

/**
 * The uuids of the sites a user may see, or null when they may see every site (a system admin): a
 * query over "their sites" then needs no list of every uuid (a list is one parameter per site, and
 * engines cap those at some tens of thousands). Uuids of sites that do not exist may be among them.
 */
export function visibleSiteScope(ctx: SiteServices, who: SiteViewer): Promise<readonly string[] | null> {
  return scopeOf(ctx, who, 'controllers');
}

/** One page of a user's site list (GET /controllers), read as a page. */
export async function siteListPage(
  ctx: SiteServices,
  who: SiteViewer,
  list: 'controllers' | 'adminControllers',
  offset: number,
  limit: number | undefined,
): Promise<SiteRecord[]> {
  const scope = await scopeOf(ctx, who, list);
  return scope !== null && scope.length === 0 ? [] : sitesPage(ctx.db, scope, offset, limit);
}

/** The sites a user may see, by name. */
export function visibleSites(ctx: SiteServices, who: SiteViewer): Promise<SiteRecord[]> {
  return siteListPage(ctx, who, 'controllers', 0, undefined);
}

/** The sites a user administers, by name (GET /controllers?controllers=adminControllers). */
export function administeredSites(ctx: SiteServices, who: SiteViewer): Promise<SiteRecord[]> {
  return siteListPage(ctx, who, 'adminControllers', 0, undefined);
}

/**
 * The user reads of site checks, shared by the checks that run at the same moment (an alarm table
 * checks 90 sites of one user at once): one per database (a transaction is a database of its own).
 */
const sharedUserReads = new WeakMap<object, { account(uid: string): Promise<AccountRecord | null>; systemAdmin(uid: string): Promise<boolean> }>();
function userReadsOf(ctx: SiteServices) {
  let reads = sharedUserReads.get(ctx.db);
  if (!reads) {
    reads = { account: sharedInFlight((uid) => accountByUid(ctx.db, uid)), systemAdmin: sharedInFlight((uid) => isSystemAdmin(ctx, uid)) };
    sharedUserReads.set(ctx.db, reads);
  }
  return reads;
}

/** Whether a user may see one site (its alarms, tags, proxy socket). */
export async function canSeeSite(ctx: SiteServices, who: SiteViewer, siteUuid: string): Promise<boolean> {
  if (typeof who !== 'string') {
    const profile = await profileOfCaller(ctx, who);
    return SITE_KEY.test(siteUuid) && (profile.systemAdmin || profile.sites.has(siteUuid));
  }
  const uid = who;
  const reads = userReadsOf(ctx);
  if (!(await reads.account(uid))) return false;
  // A key the realtime tree cannot hold names no site (and must not reach the tree as a path).
  if (!SITE_KEY.test(siteUuid)) return false;
  return (await reads.systemAdmin(uid)) || (await ctx.realtime.get(`${userPath(uid)}/controllers/${siteUuid}`)) === true;
}

/**
 * Which of these users may see one site, as canSeeSite answers for each, without a statement per user (an
 * alarm push checks every viewer of a site at once): their accounts (500 to a statement), then their
 * system-admin flags and grants of the site in one realtime read.
 */
export async function usersWhoSeeSite(ctx: SiteServices, uids: readonly string[], siteUuid: string): Promise<Set<string>> {
  if (!SITE_KEY.test(siteUuid) || uids.length === 0) return new Set();
  const existing = (await accountsByUids(ctx.db, [...new Set(uids)])).map((account) => account.uid);
  if (existing.length === 0) return new Set();
  const flags = await ctx.realtime.getMany(existing.flatMap((uid) => [`${userPath(uid)}/systemAdmin`, `${userPath(uid)}/controllers/${siteUuid}`]));
  return new Set(existing.filter((_, index) => flags[2 * index] === true || flags[2 * index + 1] === true));
}

// The sites a request has read, by its caller: the access hook checks the site a path names, and the
// route then asks for the same site (one read, not two).
const sitesOfRequest = new WeakMap<Caller, Map<string, Promise<SiteRecord | null>>>();

function siteOnce(ctx: SiteServices, who: SiteViewer, siteUuid: string): Promise<SiteRecord | null> {
  if (typeof who === 'string') return siteByUuid(ctx.db, siteUuid);
  let sites = sitesOfRequest.get(who);
  if (!sites) sitesOfRequest.set(who, (sites = new Map()));
  let site = sites.get(siteUuid);
  if (!site) sites.set(siteUuid, (site = keptSite(ctx, siteUuid)));
  return site;
}

/**
 * The site a caller asks about: 404 when there is no such site, 403 when it exists but is not
 * theirs (the caller learns no more than that the id is taken).
 */
export async function siteForCaller(ctx: SiteServices, who: SiteViewer, siteUuid: string): Promise<SiteRecord> {
  const site = await siteOnce(ctx, who, siteUuid);
  if (!site) throw new HttpError(404, `No site ${siteUuid}`);
  if (!(await canSeeSite(ctx, who, siteUuid))) throw new HttpError(403, 'You do not have access to this site');
  return site;
}
