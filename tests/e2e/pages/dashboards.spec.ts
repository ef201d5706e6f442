import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { holdSiteOnline, useLanguage } from './helpers.js';
import { signInAs } from '../savedSignIn.js';

/** /dashboards: a frame of window height minus 180 at the controller proxy with a portal id. */

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('the frame points at the controller proxy with a portal id for the chosen site', async ({ page }) => {
  const site = demoSites()[0]!;
  const release = await holdSiteOnline(page, site.uuid, demoUsers.systemAdmin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, `/dashboards?site=${site.uuid}`, demoUsers.systemAdmin.email, DEMO_PASSWORD);

  const frame = page.getByTestId('dashboards-frame');
  await expect(frame).toHaveAttribute(
    'src',
    new RegExp(`/cloud/controller-proxy/sites/${site.uuid}/\\?portalId=[^&]{8,}$`),
  );
  await expect(page.getByLabel('Site')).toHaveValue(site.uuid);
  // The proxy redeems the portal id and shows the site in the frame.
  await expect(page.frameLocator('[data-testid=dashboards-frame]').getByRole('heading', { name: site.name })).toBeVisible();
  expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(900 - 180);
  await page.screenshot({ path: 'test-results/screens/pages-dashboards-desktop.png' });
  await release();
});

test('a refused proxy login shows "Failed to login"', async ({ page }) => {
  // The site list still offers a site the proxy no longer lets this user into.
  const foreign = demoSites().at(-1)!;
  await page.route('**/cloud/controllers-api/controllers?**', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: unknown[] };
    await route.fulfill({ response: answer, json: { data: [...body.data, { ...foreign, webpmpReady: true }] } });
  });
  await signInAs(page, `/dashboards?site=${foreign.uuid}`, demoUsers.guest.email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Failed to login');
  await expect(page.getByTestId('dashboards-frame')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

// The controller frame follows the theme chosen in the portal, not the system's (issue 37, item 6): a
// frame's prefers-color-scheme is its <iframe> element's color-scheme. No scheme is emulated here (headless
// Chromium's system is light): Playwright's emulation, light by default, would set every frame's alike.
test('the frame is dark when the portal is dark and the system light', async ({ page }) => {
  const site = demoSites()[0]!;
  const release = await holdSiteOnline(page, site.uuid, demoUsers.systemAdmin);
  await page.emulateMedia({ colorScheme: null });
  await page.addInitScript(() => localStorage.setItem('varde.colorScheme', 'dark'));
  await signInAs(page, `/dashboards?site=${site.uuid}`, demoUsers.systemAdmin.email, DEMO_PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
  const frame = page.frameLocator('[data-testid=dashboards-frame]');
  await expect(frame.getByRole('heading', { name: site.name })).toBeVisible();
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgb(18, 23, 26)');
  await page.screenshot({ path: 'test-results/screens/pages-dashboards-dark.png' });
  // Back to light in the portal: the frame follows at once.
  await page.getByRole('button', { name: 'Dark theme', pressed: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'light');
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await release();
});
