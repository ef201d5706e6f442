import type { Settings } from '@varde/core';
import type { ModuleKey, UserData } from '@varde/core/contract';
import { isAdministrator, modulesFor } from '../app/pageAccess.js';

export interface MenuLink {
  kind: 'link';
  /** Stable id (test ids, React keys). */
  id: string;
  /** Fixed order of the spec (sites 100 … insight 900); our additions sit between. */
  order: number;
  /** Text key, `menu:` namespace. */
  labelKey: string;
  /** App path, or an absolute URL for an external link. */
  to: string;
  external?: boolean;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  order: number;
  labelKey: string;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

/** The brand whose licences are handled outside the portal: no licences entry (spec: "hidden for one partner brand"). */
export const BRAND_WITHOUT_LICENSES = 'fjellvann';

interface Candidate {
  entry: MenuEntry;
  /** Every one of these module accesses is needed (empty: login only); the portal's own pages take theirs from pageAccess.ts. */
  modules: readonly ModuleKey[];
  /** Extra condition from the settings. */
  when?: (settings: Settings) => boolean;
  /** Only for administrators (pageAccess.ts, ADMIN_PAGES). */
  adminOnly?: boolean;
}

function link(id: string, order: number, labelKey: string, to: string, external = false): MenuLink {
  return { kind: 'link', id, order, labelKey, to, ...(external ? { external } : {}) };
}

function candidates(settings: Settings): Candidate[] {
  const links = settings.externalLinks;
  return [
    { entry: link('sites', 100, 'sites', '/sites'), modules: modulesFor('/sites') },
    {
      // Decision: alarms sit right after sites (they are the sites' alarms), as a group with list and map.
      entry: {
        kind: 'group',
        id: 'alarms',
        order: 150,
        labelKey: 'alarms',
        children: [link('alarms-list', 151, 'list', '/alarms'), link('alarms-map', 152, 'map', '/alarms/map'), link('alarms-oncall', 153, 'onCall', '/oncall')],
      },
      modules: modulesFor('/alarms'),
    },
    { entry: link('bim', 200, 'bim', '/bim'), modules: modulesFor('/bim') },
    { entry: link('cloud-functions', 300, 'cloudFunctions', '/cloud-functions'), modules: modulesFor('/cloud-functions') },
    { entry: link('cloud-apps', 350, 'cloudApps', '/cloud-apps'), modules: modulesFor('/cloud-apps') },
    { entry: link('ml-explorer', 370, 'mlExplorer', '/ml-explorer'), modules: modulesFor('/ml-explorer') },
    { entry: link('administrate', 400, 'userAdministration', '/administrate'), modules: modulesFor('/administrate') },
    {
      // Issue 34: machines' accounts, listed apart from people, for the admins who manage them.
      entry: link('service-accounts', 410, 'serviceAccounts', '/administrate/service-accounts'),
      modules: modulesFor('/administrate/service-accounts'),
      adminOnly: true,
    },
    {
      entry: link('licenses', 500, 'licenses', '/licenses'),
      modules: modulesFor('/licenses'),
      when: (s) => s.brand !== BRAND_WITHOUT_LICENSES,
    },
    { entry: link('notifications', 600, 'notifications', '/notifications'), modules: modulesFor('/notifications') },
    { entry: link('searchpage', 700, 'search', '/searchpage'), modules: modulesFor('/searchpage') },
    { entry: link('dashboards', 750, 'views', '/dashboards'), modules: modulesFor('/dashboards'), when: (s) => s.dashboards },
    {
      entry: link('smarttune', 800, 'smartTuning', links.smarttune ?? '', true),
      modules: ['smarttune'],
      when: () => Boolean(links.smarttune),
    },
    { entry: link('apps', 850, 'apps', links.apps ?? '', true), modules: [], when: () => Boolean(links.apps) },
    {
      entry: link('insight', 900, 'insight', links.insight ?? '', true),
      modules: ['insight'],
      when: () => Boolean(links.insight),
    },
  ];
}

/** The side menu for this user: only entries whose module accesses the user has, in the fixed order. */
export function menuEntriesFor(user: Pick<UserData, 'moduleAccesses'> & Partial<Pick<UserData, 'role' | 'systemAdmin'>>, settings: Settings): MenuEntry[] {
  return candidates(settings)
    .filter((candidate) => candidate.modules.every((module) => user.moduleAccesses[module] === true))
    .filter((candidate) => !candidate.adminOnly || isAdministrator(user))
    .filter((candidate) => candidate.when?.(settings) ?? true)
    .map((candidate) => candidate.entry)
    .sort((a, b) => a.order - b.order);
}

/** Paths under one entry's path that another entry shows (service accounts, under user administration's path). */
const PATHS_WITH_OWN_ENTRY = ['/administrate/service-accounts'];

/** Whether the entry for `to` is the page shown: its path or one below it (not the alarm list's map, nor another entry's). */
export function isCurrentEntry(to: string, pathname: string): boolean {
  if (pathname === to) return true;
  if (to === '/alarms' || !pathname.startsWith(`${to}/`)) return false;
  return !PATHS_WITH_OWN_ENTRY.some((own) => own.startsWith(`${to}/`) && (pathname === own || pathname.startsWith(`${own}/`)));
}

/** /dashboards is a site's controller view, opened from the site's page: without a Views entry (one brand has it), Sites is the current entry. */
export function menuPathOf(pathname: string, entries: readonly MenuEntry[]): string {
  return pathname === '/dashboards' && !entries.some((entry) => entry.id === 'dashboards') ? '/sites' : pathname;
}
