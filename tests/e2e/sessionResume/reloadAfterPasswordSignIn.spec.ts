import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { latestSmsCode, matchStoredLanguage, useLanguage } from '../pages/helpers.js';
import { apiLogin, firstSite } from '../users/helpers.js';

/**
 * A password (+ SMS) sign-in on /customer-login survives a reload: the identity provider knows no
 * such session, so start() resumes the auth server's session cookie (POST /session/renew).
 */

// Each test signs in itself (not from a saved sign-in): the password sign-in's session is what is tested.
test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

async function passwordSignIn(page: Page, email: string): Promise<void> {
  await page.goto('/customer-login?redirect=%2Fsites');
  await matchStoredLanguage(page, email, DEMO_PASSWORD);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function expectSitesAfterReload(page: Page): Promise<void> {
  const renewed = page.waitForResponse((r) => r.url().endsWith('/cloud/auth/session/renew'));
  await page.reload();
  expect((await renewed).status()).toBe(200);
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('user-name')).not.toBeEmpty();
  await expect(page.getByTestId('site-row').first()).toBeVisible();
}

test('a password sign-in stays signed in across a reload', async ({ page }) => {
  await passwordSignIn(page, demoUsers.viewer.email);
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('site-row').first()).toBeVisible();

  await expectSitesAfterReload(page);
  // Still only user data in local storage after the resume.
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  await page.screenshot({ path: 'test-results/screens/session-resumed-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('site-row').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/session-resumed-390.png' });
});

test('an SMS sign-in stays signed in across a reload; after log out a reload stays signed out', async ({ page }) => {
  await passwordSignIn(page, demoUsers.sms.email);
  const code = page.getByLabel('SMS code');
  await expect(code).toBeFocused();
  await code.fill(await latestSmsCode(page, demoUsers.sms.smsPhone));
  await code.press('Enter');
  await expect(page).toHaveURL(/\/sites$/);

  await expectSitesAfterReload(page);

  await page.getByRole('button', { name: /log out/i }).click();
  const confirm = page.locator('#logout-yes');
  if (await confirm.isVisible({ timeout: 3000 }).catch(() => false)) await confirm.click();
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);

  // The backend session is over: a protected page finds neither provider nor cookie session.
  await page.goto('/sites');
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  await expect(page.locator('#email')).toBeVisible();
});

test('the controller-frame login variant stays signed in across a reload of the create-user form', async ({ page, request }) => {
  const controllerId = firstSite(await apiLogin(request, demoUsers.powerUser.email, DEMO_PASSWORD));
  const target = `/controllerUserAdmin?chainId=${controllerId}`;
  await page.goto(`/login?controllerframe&redirect=${encodeURIComponent(target)}`);
  await matchStoredLanguage(page, demoUsers.powerUser.email, DEMO_PASSWORD);
  await page.getByLabel('Username').fill(demoUsers.powerUser.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const form = page.locator('.varde-create-user');
  await expect(form.locator('[part="sites-select"]')).toHaveJSProperty('value', [controllerId]);

  const renewed = page.waitForResponse((r) => r.url().endsWith('/cloud/auth/session/renew'));
  await page.reload();
  expect((await renewed).status()).toBe(200);
  await expect(form.locator('[part="sites-select"]')).toHaveJSProperty('value', [controllerId]);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(target);
});
