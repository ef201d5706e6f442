import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { expectNoSeriousA11yViolations, useLanguage } from '../pages/helpers.js';
import { apiLogin, findUser, firstSite, screenshot, signInOnHostPage } from './helpers.js';
import { signInAs } from '../savedSignIn.js';

/** axe-core on the users pages (no serious or critical violation), and the narrow layouts. */

test('user administration, user detail and account settings pass axe, also at 390 px', async ({ page, request }) => {
  await useLanguage(page, 'en');
  const admin = await apiLogin(request, demoUsers.admin.email, DEMO_PASSWORD);
  const guest = await findUser(request, admin, demoUsers.guest.email);
  await signInAs(page, '/administrate', demoUsers.admin.email, DEMO_PASSWORD);
  await expect(page.locator('.varde-user-admin [part="row"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'administrate-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.locator('.varde-user-admin').getByRole('button', { name: 'Add user' }).click();
  await expect(page.locator('.varde-user-admin [part="add-user-dialog"]').getByRole('dialog')).toBeVisible();
  await screenshot(page, 'administrate-dialog-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/administrate/${guest!.uid}/sites/`);
  await expect(page.locator('.varde-user-detail [part="toggle"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'user-detail-sites-desktop');

  await page.goto('/account-settings');
  await expect(page.locator('.varde-account-settings [part="name-input"]')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the example host page with the embedded form passes axe', async ({ page, request }) => {
  const user = await apiLogin(request, demoUsers.user.email, DEMO_PASSWORD);
  await page.goto(`/examples/create-user/?chainId=${firstSite(user)}`);
  await signInOnHostPage(page, demoUsers.user.email, DEMO_PASSWORD);
  await expect(page.locator('varde-create-user [part="sites-select"]')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
