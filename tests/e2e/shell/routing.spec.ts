import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { apiLogin } from '../users/helpers.js';
import { useStoredLanguage } from '../storedLanguage.js';
import { menuIds, signInWithForm, useLanguage } from './shellHelpers.js';
import { signInAs } from '../savedSignIn.js';

/** Routing, guards, module gates and the menu in Chromium against the reference cloud. */

const portalAssets = fileURLToPath(new URL('../../../packages/portal/dist/assets', import.meta.url));

test('an unauthenticated deep link goes through login and comes back to the deep link', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/administrate/some-user/role/?listitems=3');
  // Signs in itself: the way through the provider's form and back is what this tests.
  await signInWithForm(page, demoUsers.admin.email, DEMO_PASSWORD);

  await expect(page).toHaveURL(/\/administrate\/some-user\/role\/\?listitems=3$/);
  await expect(page.getByTestId('menu-administrate')).toHaveAttribute('aria-current', 'page');
});

test('unknown paths go to the user\'s landing page (/sites for a user with sites)', async ({ page }) => {
  await signInAs(page, '/no/such/page', demoUsers.user.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sites$/);
});

test('a user with only Alarms lands on the alarm list, and a page they lack says why', async ({ page, request }) => {
  const admin = await apiLogin(request, demoUsers.admin.email, DEMO_PASSWORD);
  const email = `alarms.only.${Date.now()}@varde.test`;
  const created = await request.post('/cloud/users/users', {
    headers: { authorization: `Bearer ${admin.token('users')}` },
    data: { username: email, name: 'Alarms Only', role: 'Viewer', password: 'alarms-only-1', moduleAccesses: { alarms: true } },
  });
  expect(created.status()).toBe(201);
  await useLanguage(page, 'en');
  await signInAs(page, '/', email, 'alarms-only-1');
  await expect(page).toHaveURL(/\/alarms$/);
  expect(await menuIds(page)).toEqual(['alarms', 'alarms-list', 'alarms-map', 'alarms-oncall']);

  await page.goto('/sites');
  await expect(page.getByTestId('no-access')).toContainText('This page needs access to: Sites. Ask an administrator for access.');
  await page.getByTestId('no-access').getByRole('link').click();
  await expect(page).toHaveURL(/\/alarms$/);
});

test('the menu shows exactly the signed-in user\'s modules, in the fixed order', async ({ page, browser }) => {
  await signInAs(page, '/sites', demoUsers.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sites$/);
  expect(await menuIds(page)).toEqual([
    'sites', 'alarms', 'alarms-list', 'alarms-map', 'alarms-oncall', 'bim', 'cloud-functions', 'cloud-apps', 'ml-explorer', 'administrate', 'service-accounts',
    'licenses', 'notifications', 'searchpage',
  ]);

  // A second user in a fresh browser context (no shared provider session).
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInAs(second, '/sites', demoUsers.user.email, DEMO_PASSWORD);
  await expect(second).toHaveURL(/\/sites$/);
  expect(await menuIds(second)).toEqual(['sites', 'alarms', 'alarms-list', 'alarms-map', 'alarms-oncall', 'searchpage']);
  await other.close();
});

test('a module gate says which access the page needs (the address stays); login-only pages open', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, '/cloud-functions', demoUsers.user.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/cloud-functions$/);
  await expect(page.getByTestId('no-access')).toContainText('This page needs access to: Cloud functions.');

  // In-app navigation is gated too, not only the first load.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/licenses');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('no-access')).toContainText('This page needs access to: Licenses.');

  await page.evaluate(() => {
    window.history.pushState(null, '', '/searchpage');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/searchpage$/);

  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
});

test('following menu entries routes in place, with the current entry marked', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, '/sites', demoUsers.powerUser.email, DEMO_PASSWORD);
  await page.getByTestId('menu-bim').click();
  await expect(page).toHaveURL(/\/bim$/);
  await expect(page.getByTestId('menu-bim')).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('menu-sites')).toHaveAttribute('aria-current', 'page');
});

test('a failed session start clears local and session storage (the language choice stays) and saves the address', async ({ page }) => {
  // Any page of the origin will do to leave things in its storage: the cloud's outbox answers JSON.
  await page.goto('/cloud/outbox/messages');
  await page.evaluate(() => {
    window.localStorage.setItem('leftover', 'x');
    window.localStorage.setItem('varde.language', 'en');
    window.sessionStorage.setItem('leftover', 'y');
  });
  await page.goto('/alarms/map?zoom=5');
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  // Cleared by the failed start, except the language (the provider's page is on the same origin).
  expect(await page.evaluate(() => [window.localStorage.getItem('leftover'), window.localStorage.getItem('varde.language')])).toEqual([null, 'en']);
  useStoredLanguage(page, 'en'); // signed in, the account's language shows (and is kept on the device)
  // Signs in itself: what a failed session start leaves and saves on the way to the form is tested.
  await signInWithForm(page, demoUsers.user.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/alarms\/map\?zoom=5$/);
  expect(await page.evaluate(() => [window.localStorage.getItem('leftover'), window.sessionStorage.getItem('leftover')])).toEqual([null, null]);
  expect(await page.evaluate(() => window.localStorage.getItem('varde.language'))).toBe('en');
});

test('a menu link\'s page loads before the location changes: no loading flash on a fast link, the loading state on a slow one', async ({ page }) => {
  await useLanguage(page, 'en');
  await signInAs(page, '/sites', demoUsers.admin.email, DEMO_PASSWORD);
  await expect(page.getByTestId('site-row').first()).toBeVisible();
  // Records every loading message the portal shows from now on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
    new MutationObserver(() => {
      const loading = document.querySelector('main.centered');
      if (loading) seen.push(loading.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  const loadingSeen = () => page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen);

  // A fast link by construction, whatever the machine's load: the Licenses page's chunk (and what it
  // imports) is in the document's module map before the click, so the portal's own import() of it
  // resolves at once. Without the router's wait for the page, the location would still change before
  // the portal's import() resolves, and the Suspense fallback would show.
  const licensesChunk = readdirSync(portalAssets).find((name) => /^LicensesPage-[\w-]+\.js$/.test(name));
  expect(licensesChunk, 'the portal build has a Licenses page chunk').toBeTruthy();
  await page.evaluate(async (url) => void (await import(url)), `/assets/${licensesChunk}`);
  await page.getByTestId('menu-licenses').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Licenses' })).toBeVisible();
  await expect(page).toHaveURL(/\/licenses$/);
  expect(await loadingSeen()).toEqual([]);

  // A slow link: the location changes after the wait, and the loading state shows until the page comes.
  let releaseChunk: () => void = () => undefined;
  const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
  await page.route(/\/assets\/NotificationsPage-[\w-]+\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });
  await page.getByTestId('menu-notifications').click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.locator('main.centered')).toHaveText('Loading …');
  releaseChunk();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  // Back while a link waits for its page: the link does not go through afterwards.
  await page.route(/\/assets\/SearchPage-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    await route.continue();
  });
  await page.getByTestId('menu-searchpage').click();
  await page.evaluate(() => window.history.back());
  await expect(page).toHaveURL(/\/licenses$/);
  await page.waitForTimeout(600);
  await expect(page).toHaveURL(/\/licenses$/);
});
