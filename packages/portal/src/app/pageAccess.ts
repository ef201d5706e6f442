import type { ModuleKey, UserData } from '@varde/core/contract';

/**
 * The one access table: the module accesses each gated page needs. Route guards, menu entries and
 * the landing page all read it, so a page is in the menu exactly when its guard lets the user in.
 * Pages not listed need a sign-in only (account settings, search page's own check aside).
 */
export const PAGE_ACCESS: Readonly<Record<string, readonly ModuleKey[]>> = {
  '/sites': ['sites'],
  '/sites/:uuid': ['sites'],
  '/alarms': ['alarms'],
  '/alarms/map': ['alarms'],
  // Issue 35: who is told about alarms, for those who see alarms.
  '/oncall': ['alarms'],
  '/bim': ['bim'],
  '/cloud-functions': ['functions'],
  '/cloud-apps': ['apps'],
  '/ml-explorer': ['mlexplorer'],
  '/administrate': ['users'],
  '/administrate/service-accounts': ['users'],
  '/administrate/service-accounts/:id': ['users'],
  '/administrate/directory-sync': ['users'],
  '/administrate/audit-log': ['users'],
  '/administrate/:id': ['users'],
  '/administrate/:id/:section': ['users'],
  '/licenses': ['licensing'],
  // Rules notify users, so the page needs both (spec: its gate is `users`).
  '/notifications': ['notifications', 'users'],
  '/searchpage': ['search'],
};

/** Where a signed-in user starts, in this order of preference: operators first. */
const LANDING_ORDER = ['/sites', '/alarms', '/notifications', '/administrate', '/cloud-functions', '/cloud-apps', '/ml-explorer', '/bim', '/licenses', '/searchpage'];
/** Every signed-in user may open it, so a user without any module still has somewhere to be. */
export const FALLBACK_LANDING = '/account-settings';

/**
 * Pages only an administrator opens (a partner's Admin or a system admin), on top of their modules: the
 * service accounts (issue 34), which the cloud lets nobody else manage, and the audit log (issue 36),
 * which it lets only admins read.
 */
export const ADMIN_PAGES: ReadonlySet<string> = new Set(['/administrate/service-accounts', '/administrate/service-accounts/:id', '/administrate/directory-sync', '/administrate/audit-log']);

type Access = Pick<UserData, 'moduleAccesses'> & Partial<Pick<UserData, 'role' | 'systemAdmin'>>;

export function isAdministrator(user: Access): boolean {
  return user.systemAdmin === true || user.role === 'Admin';
}

/** True when `path` is for administrators and the user is none. */
export function needsAdministrator(user: Access, path: string): boolean {
  return ADMIN_PAGES.has(path) && !isAdministrator(user);
}

export function modulesFor(path: string): readonly ModuleKey[] {
  return PAGE_ACCESS[path] ?? [];
}

/** The modules of `path` the user lacks (none: they may open it). */
export function missingModules(user: Access, path: string): ModuleKey[] {
  return modulesFor(path).filter((module) => user.moduleAccesses[module] !== true);
}

export function mayOpen(user: Access, path: string): boolean {
  return missingModules(user, path).length === 0 && !needsAdministrator(user, path);
}

/** The first page the user may open: sites, else alarms, … else account settings. */
export function landingFor(user: Access): string {
  return LANDING_ORDER.find((path) => mayOpen(user, path)) ?? FALLBACK_LANDING;
}
