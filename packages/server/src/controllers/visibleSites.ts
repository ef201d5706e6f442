import type { CloudServices } from '../services.js';
import { accountByUid } from '../auth/accounts.js';
import { readProfile, type UserProfile } from '../users/profiles.js';
import { HttpError } from '../http/HttpError.js';
import { allSites, siteByUuid, sitesPage, type SiteRecord } from './sites.js';

/** Roles that administer sites (and so have adminControllers). */
const SITE_ADMIN_ROLES = new Set(['Admin', 'PowerUser']);

export function profileOf(ctx: Pick<CloudServices, 'db' | 'realtime'>, uid: string): UserProfile | null {
  const account = accountByUid(ctx.db, uid);
  return account ? readProfile(ctx.realtime, account) : null;
}

/** The sites a user may see: those in /users/{uid}/controllers; a system admin sees all. */
export function visibleSites(ctx: Pick<CloudServices, 'db' | 'realtime'>, uid: string): SiteRecord[] {
  const profile = profileOf(ctx, uid);
  if (!profile) return [];
  const sites = allSites(ctx.db);
  if (profile.systemAdmin) return sites;
  return sites.filter((site) => profile.controllers[site.uuid] === true);
}

/** Which sites a list holds for a user: every site (null), or these uuids. */
function siteScope(profile: UserProfile, list: 'controllers' | 'adminControllers'): readonly string[] | null {
  if (profile.systemAdmin) return null;
  if (list === 'adminControllers' && !SITE_ADMIN_ROLES.has(profile.role)) return [];
  return Object.keys(profile.controllers).filter((uuid) => profile.controllers[uuid] === true);
}

/** One page of visibleSites (`controllers`) or administeredSites (`adminControllers`), read as a page. */
export function siteListPage(
  ctx: Pick<CloudServices, 'db' | 'realtime'>,
  uid: string,
  list: 'controllers' | 'adminControllers',
  offset: number,
  limit: number | undefined,
): SiteRecord[] {
  const profile = profileOf(ctx, uid);
  if (!profile) return [];
  const scope = siteScope(profile, list);
  return scope !== null && scope.length === 0 ? [] : sitesPage(ctx.db, scope, offset, limit);
}

/**
 * The sites a user administers (GET /controllers?controllers=adminControllers): a system admin
 * administers all; an Admin or PowerUser administers the sites they have; User, Guest and Viewer
 * administer none.
 */
export function administeredSites(ctx: Pick<CloudServices, 'db' | 'realtime'>, uid: string): SiteRecord[] {
  const profile = profileOf(ctx, uid);
  if (!profile) return [];
  if (profile.systemAdmin) return allSites(ctx.db);
  if (!SITE_ADMIN_ROLES.has(profile.role)) return [];
  return visibleSites(ctx, uid);
}

/** Whether a user may see one site (its alarms, tags, proxy socket). */
export function canSeeSite(ctx: Pick<CloudServices, 'db' | 'realtime'>, uid: string, siteUuid: string): boolean {
  const profile = profileOf(ctx, uid);
  if (!profile) return false;
  return profile.systemAdmin || profile.controllers[siteUuid] === true;
}

/**
 * The site a caller asks about: 404 when there is no such site, 403 when it exists but is not
 * theirs (the caller learns no more than that the id is taken).
 */
export function siteForCaller(ctx: Pick<CloudServices, 'db' | 'realtime'>, uid: string, siteUuid: string): SiteRecord {
  const site = siteByUuid(ctx.db, siteUuid);
  if (!site) throw new HttpError(404, `No site ${siteUuid}`);
  if (!canSeeSite(ctx, uid, siteUuid)) throw new HttpError(403, 'You do not have access to this site');
  return site;
}
