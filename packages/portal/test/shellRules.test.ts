import { describe, expect, it } from 'vitest';
import { resolveSettings } from '@varde/core';
import type { UserData } from '@varde/core/contract';
import { guardRoute, loginPromptAfter } from '../src/app/guards.js';
import { landingFor, mayOpen, PAGE_ACCESS } from '../src/app/pageAccess.js';
import { matchRoute } from '../src/app/matchRoute.js';
import type { PortalRoute } from '../src/app/routes.js';
import { isCurrentEntry, menuEntriesFor, menuPathOf, type MenuEntry } from '../src/shell/menuEntries.js';
import { logosFor } from '../src/shell/logos.js';
import { DEMO_MODULES } from '../../server/src/seed/demoUsers.js';

/** The shell's rules without a browser: route matching, guards and module gates, the menu, logos. */

const Page = () => null;
const table: PortalRoute[] = [
  { path: '/sites', component: Page, needsLogin: true, layout: 'shell' },
  { path: '/administrate/:id', component: Page, needsLogin: true, layout: 'shell' },
  { path: '/administrate/:id/:section', component: Page, needsLogin: true, layout: 'shell' },
  { path: '/account-settings', component: Page, needsLogin: true, layout: 'shell' },
  { path: '/webpmperror', component: Page, needsLogin: false, layout: 'bare' },
];

function userWith(modules: readonly string[]): UserData {
  return {
    uid: 'u1', name: 'Test', email: 't@example.test', role: 'User', language: 'en',
    controllers: {}, adminUsers: {}, licensingPartners: {}, portalAutoLogoutDisabled: false, systemAdmin: false,
    moduleAccesses: Object.fromEntries(modules.map((key) => [key, true as const])),
  };
}

const signedIn = (modules: readonly string[]) => ({ state: 'signed-in' as const, user: userWith(modules), signOutReason: null });

function ids(entries: MenuEntry[]): string[] {
  return entries.map((entry) => entry.id);
}

const plain = resolveSettings({ origin: 'https://portal.varde.cloud', hostname: 'portal.varde.cloud', pathname: '/sites' });

describe('matchRoute', () => {
  it('matches exact paths, parameters and trailing slashes', () => {
    expect(matchRoute(table, '/sites')?.route.path).toBe('/sites');
    expect(matchRoute(table, '/sites/')?.route.path).toBe('/sites');
    expect(matchRoute(table, '/administrate/abc')?.params).toEqual({ id: 'abc' });
    expect(matchRoute(table, '/administrate/a%20b/role/')?.params).toEqual({ id: 'a b', section: 'role' });
  });

  it('finds nothing for unknown or malformed paths (the app sends those to the landing page)', () => {
    expect(matchRoute(table, '/nowhere')).toBeNull();
    expect(matchRoute(table, '/sites/extra')).toBeNull();
    expect(matchRoute(table, '/administrate/%E0%A4%A')).toBeNull();
  });
});

describe('guardRoute', () => {
  const sites = table[0]!;
  const admin = table[1]!;
  const accountSettings = table[3]!;

  it('waits while the session starts, then sends a signed-out visitor to login', () => {
    expect(guardRoute(sites, { state: 'loading', user: null, signOutReason: null })).toEqual({ kind: 'wait' });
    expect(guardRoute(sites, { state: 'signed-out', user: null, signOutReason: 'silent-sign-in-failed' })).toEqual({ kind: 'login' });
  });

  it('treats a session without stored user data as no session', () => {
    expect(guardRoute(sites, { state: 'signed-in', user: null, signOutReason: null })).toEqual({ kind: 'login' });
  });

  it('asks the provider with prompt none after it reported a sign-out, prompt login after a backend 401', () => {
    expect(guardRoute(sites, { state: 'signed-out', user: null, signOutReason: 'provider' })).toEqual({ kind: 'login', prompt: 'none' });
    expect(loginPromptAfter('session-expired')).toBe('login');
    expect(loginPromptAfter('user-refresh-failed')).toBe('login');
    expect(loginPromptAfter('user')).toBeUndefined();
  });

  it('gates modules from the access table: a blocked page names what it needs and where the user starts', () => {
    expect(guardRoute(admin, signedIn(['sites']))).toEqual({ kind: 'blocked', missing: ['users'], landing: '/sites' });
    expect(guardRoute(admin, signedIn(['sites', 'users']))).toEqual({ kind: 'render' });
    expect(guardRoute(sites, signedIn(['alarms']))).toEqual({ kind: 'blocked', missing: ['sites'], landing: '/alarms' });
    expect(guardRoute(accountSettings, signedIn([]))).toEqual({ kind: 'render' });
  });

  it('lets public routes render without a session', () => {
    expect(guardRoute(table[4]!, { state: 'loading', user: null, signOutReason: null })).toEqual({ kind: 'render' });
  });
});

describe('one access table', () => {
  const linksOf = (entries: MenuEntry[]) => entries.flatMap((entry) => (entry.kind === 'group' ? entry.children : [entry])).filter((link) => !link.external);

  it('every demo user: a menu entry exactly for each gated page they may open', () => {
    for (const [name, modules] of Object.entries(DEMO_MODULES)) {
      const user = userWith(modules);
      const menu = linksOf(menuEntriesFor(user, plain)).map((link) => link.to);
      for (const to of menu) expect(mayOpen(user, to), `${name}: ${to}`).toBe(true);
      const openable = Object.keys(PAGE_ACCESS).filter((path) => !path.includes(':') && mayOpen(user, path));
      expect(openable.filter((path) => !menu.includes(path)), name).toEqual([]);
    }
  });

  it('lands each user on the first page they may open: sites, else alarms, … else account settings', () => {
    expect(landingFor(userWith(DEMO_MODULES.admin))).toBe('/sites');
    expect(landingFor(userWith(['alarms']))).toBe('/alarms');
    expect(landingFor(userWith(['notifications']))).toBe('/account-settings');
    expect(landingFor(userWith(['notifications', 'users']))).toBe('/notifications');
    expect(landingFor(userWith([]))).toBe('/account-settings');
  });
});

describe('menuEntriesFor', () => {
  it('lists every module an admin has, in the fixed order', () => {
    expect(ids(menuEntriesFor(userWith(DEMO_MODULES.admin), plain))).toEqual([
      'sites', 'alarms', 'bim', 'cloud-functions', 'cloud-apps', 'ml-explorer', 'administrate', 'licenses', 'notifications', 'searchpage',
    ]);
  });

  it('lists only what a user has', () => {
    expect(ids(menuEntriesFor(userWith(DEMO_MODULES.user), plain))).toEqual(['sites', 'alarms', 'searchpage']);
    expect(ids(menuEntriesFor(userWith(DEMO_MODULES.guest), plain))).toEqual(['sites']);
    // notifications without the users module would bounce off its gate: not shown.
    expect(ids(menuEntriesFor(userWith(DEMO_MODULES.sms), plain))).toEqual(['sites', 'alarms']);
  });

  it('shows the external links only with the module and a configured URL', () => {
    const modules = ['sites', 'smarttune', 'insight'];
    expect(ids(menuEntriesFor(userWith(modules), plain))).toEqual(['sites']);
    const configured = { ...plain, externalLinks: { smarttune: 'https://tune.example', insight: 'https://insight.example' } };
    const entries = menuEntriesFor(userWith(modules), configured);
    expect(ids(entries)).toEqual(['sites', 'smarttune', 'insight']);
    expect(entries[1]).toMatchObject({ external: true, to: 'https://tune.example' });
  });

  it('follows the brand: nordlys adds Views and Apps, fjellvann hides licences', () => {
    const nordlys = resolveSettings({ origin: 'https://partner.varde.cloud', hostname: 'partner.varde.cloud', pathname: '/nordlys/sites' });
    expect(ids(menuEntriesFor(userWith(DEMO_MODULES.partnerAdmin), nordlys))).toEqual([
      'sites', 'alarms', 'cloud-functions', 'cloud-apps', 'administrate', 'licenses', 'searchpage', 'dashboards', 'apps',
    ]);
    const fjellvann = resolveSettings({ origin: 'https://partner.varde.cloud', hostname: 'partner.varde.cloud', pathname: '/fjellvann/' });
    expect(ids(menuEntriesFor(userWith(DEMO_MODULES.partnerAdmin), fjellvann))).not.toContain('licenses');
  });
});

describe('service accounts (issue 34): administrators only', () => {
  const page: PortalRoute = { path: '/administrate/service-accounts', component: Page, needsLogin: true, layout: 'shell' };
  const as = (role: UserData['role'], systemAdmin = false) => ({ ...userWith(DEMO_MODULES.admin), role, systemAdmin });

  it('a partner admin and a system admin open the page and have its menu entry, right after user administration', () => {
    for (const user of [as('Admin'), as('User', true)]) {
      expect(guardRoute(page, { state: 'signed-in', user, signOutReason: null })).toEqual({ kind: 'render' });
      const menu = ids(menuEntriesFor(user, plain));
      expect(menu.slice(menu.indexOf('administrate'), menu.indexOf('administrate') + 2)).toEqual(['administrate', 'service-accounts']);
    }
  });

  it('anyone else, even with the users module, gets neither: the page says it is for administrators', () => {
    const powerUser = as('PowerUser');
    expect(guardRoute(page, { state: 'signed-in', user: powerUser, signOutReason: null })).toEqual({ kind: 'admin-only', landing: '/sites' });
    expect(ids(menuEntriesFor(powerUser, plain))).not.toContain('service-accounts');
    expect(mayOpen(powerUser, '/administrate/service-accounts')).toBe(false);
    // The users module is still needed first (its gate names it).
    expect(guardRoute(page, { state: 'signed-in', user: { ...as('Admin'), moduleAccesses: { sites: true } }, signOutReason: null })).toMatchObject({ kind: 'blocked', missing: ['users'] });
  });

  it('only its own menu entry is current on its pages (the e2e suite opens them through the real route table)', () => {
    expect(isCurrentEntry('/administrate', '/administrate/service-accounts/abc')).toBe(false);
    expect(isCurrentEntry('/administrate/service-accounts', '/administrate/service-accounts/abc')).toBe(true);
    expect(isCurrentEntry('/administrate', '/administrate/some-user')).toBe(true);
  });

  it('/dashboards, the controller view of a site, is under Sites in the menu unless the brand has a Views entry (issue 37, item 6)', () => {
    const admin = userWith(DEMO_MODULES.partnerAdmin);
    expect(menuPathOf('/dashboards', menuEntriesFor(admin, plain))).toBe('/sites');
    const nordlys = resolveSettings({ origin: 'https://partner.varde.cloud', hostname: 'partner.varde.cloud', pathname: '/nordlys/sites' });
    expect(menuPathOf('/dashboards', menuEntriesFor(admin, nordlys))).toBe('/dashboards');
    expect(menuPathOf('/alarms', menuEntriesFor(admin, plain))).toBe('/alarms');
  });
});

describe('logosFor', () => {
  it('shows the brand logo under a brand, else the product logo and the main partner logo', () => {
    expect(logosFor({ brand: 'nordlys' }, 'nordbygg').map((logo) => logo.name)).toEqual(['Nordlys Energi']);
    expect(logosFor({ brand: null }, 'nordbygg').map((logo) => logo.name)).toEqual(['Varde', 'Nordbygg Drift']);
    expect(logosFor({ brand: null }, undefined).map((logo) => logo.name)).toEqual(['Varde']);
    expect(logosFor({ brand: null }, 'unknown-partner').map((logo) => logo.name)).toEqual(['Varde']);
  });
});
