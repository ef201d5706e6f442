import { expect, test, type Page } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { signInWithForm } from './shellHelpers.js';

/**
 * Session upkeep with a fake clock (Playwright's page.clock): the hourly renewal and the 60-minute
 * auto-logout. Time jumps with fastForward, which fires each due timer once.
 */

const HOUR = 60 * 60 * 1000;

/** Signs in itself, not from a saved sign-in: these tests renew, time out and end the session. */
async function signedInAt(page: Page, path: string, email: string): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await signInWithForm(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

test('a 401 on the hourly session renewal signs the user out and asks for the password again', async ({ page }) => {
  // The viewer has auto-logout disabled, so only the renewal acts at the hour.
  await signedInAt(page, '/sites', demoUsers.viewer.email);
  let renewals = 0;
  await page.route('**/cloud/auth/session/renew', async (route) => {
    renewals += 1;
    await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ detail: 'Session expired' }) });
  });

  await page.clock.fastForward(HOUR + 1000);

  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  await expect(page.locator('#email')).toBeVisible();
  expect(renewals).toBeGreaterThanOrEqual(1);
  // Nothing of the session is left in the page's storage.
  expect(await page.evaluate(() => window.localStorage.getItem('varde.user'))).toBeNull();

  // Signing in again returns to where the user was.
  await page.unroute('**/cloud/auth/session/renew');
  await signInWithForm(page, demoUsers.viewer.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sites$/);
});

test('a successful renewal keeps the user signed in', async ({ page }) => {
  await signedInAt(page, '/searchpage', demoUsers.viewer.email);
  const renewed = page.waitForResponse('**/cloud/auth/session/renew');
  await page.clock.fastForward(HOUR + 1000);
  expect((await renewed).status()).toBe(200);
  await page.getByTestId('menu-sites').click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('user-name')).toHaveText(demoUsers.viewer.name);
});

test('auto-logout: 60 minutes without a click log the user out (portalAutoLogoutDisabled false)', async ({ page }) => {
  await signedInAt(page, '/sites', demoUsers.user.email);

  // Activity resets the timer: 40 minutes, a click, 40 minutes more -> still signed in.
  await page.clock.fastForward(40 * 60 * 1000);
  await page.getByRole('main').click({ position: { x: 4, y: 4 } });
  await page.clock.fastForward(40 * 60 * 1000);
  await page.getByTestId('menu-searchpage').click();
  await expect(page).toHaveURL(/\/searchpage$/);

  // Then a full hour without a click.
  await page.clock.fastForward(HOUR + 2000);
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  await expect(page.locator('#email')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('varde.user'))).toBeNull();
});

test('auto-logout: a user with portalAutoLogoutDisabled stays signed in', async ({ page }) => {
  await signedInAt(page, '/sites', demoUsers.viewer.email);
  await page.clock.fastForward(HOUR + 2000);
  await page.clock.fastForward(HOUR + 2000);
  // Still the portal, still signed in: the menu routes and the name is there.
  await page.getByTestId('menu-alarms-list').click();
  await expect(page).toHaveURL(/\/alarms$/);
  await expect(page.getByTestId('user-name')).toHaveText(demoUsers.viewer.name);
  expect(await page.evaluate(() => window.localStorage.getItem('varde.user'))).not.toBeNull();
});

test('a signed-out cold load logs no error: it asks whether there is a session instead of a renewal that answers 401 (issue 26, item 8)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  const renewals: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/cloud/auth/session/renew')) renewals.push(request.url());
  });
  const asked = page.waitForResponse((response) => response.url().endsWith('/cloud/auth/session'));
  await page.goto('/sites');
  expect((await asked).status()).toBe(200);
  await expect(page.locator('#email')).toBeVisible();
  expect(renewals).toEqual([]); // the answer was "no session": nothing to renew
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});
