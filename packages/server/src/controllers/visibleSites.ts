import type { CloudContext } from '../context.js';
import { accountByUid } from '../auth/accounts.js';
import { readProfile, type UserProfile } from '../users/profiles.js';
import { allSites, type SiteRecord } from './sites.js';

/** Roles that administer sites (and so have adminControllers). */
const SITE_ADMIN_ROLES = new Set(['Admin', 'PowerUser']);

export function profileOf(ctx: Pick<CloudContext, 'db' | 'realtime'>, uid: string): UserProfile | null {
  const account = accountByUid(ctx.db, uid);
  return account ? readProfile(ctx.realtime, account) : null;
}

/** The sites a user may see: those in /users/{uid}/controllers; a system admin sees all. */
export function visibleSites(ctx: Pick<CloudContext, 'db' | 'realtime'>, uid: string): SiteRecord[] {
  const profile = profileOf(ctx, uid);
  if (!profile) return [];
  const sites = allSites(ctx.db);
  if (profile.systemAdmin) return sites;
  return sites.filter((site) => profile.controllers[site.uuid] === true);
}

/**
 * The sites a user administers (GET /controllers?controllers=adminControllers): a system admin
 * administers all; an Admin or PowerUser administers the sites they have; User, Guest and Viewer
 * administer none.
 */
export function administeredSites(ctx: Pick<CloudContext, 'db' | 'realtime'>, uid: string): SiteRecord[] {
  const profile = profileOf(ctx, uid);
  if (!profile) return [];
  if (profile.systemAdmin) return allSites(ctx.db);
  if (!SITE_ADMIN_ROLES.has(profile.role)) return [];
  return visibleSites(ctx, uid);
}
