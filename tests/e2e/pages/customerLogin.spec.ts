import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { expectNoSeriousA11yViolations, holdSiteOnline, latestSmsCode, matchStoredLanguage, useLanguage } from './helpers.js';

/** The password + SMS form on the customer-flavor login page (/customer-login) and the customer-specific login. */

// Each test signs in itself (not from a saved sign-in): these sign-in pages are what is tested.
test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('a user with an SMS second factor signs in with the code from the outbox and lands on the redirect', async ({ page }) => {
  await page.goto('/customer-login?redirect=%2Fsites');
  await matchStoredLanguage(page, demoUsers.sms.email, DEMO_PASSWORD);
  await page.getByLabel('Username').fill(demoUsers.sms.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  const code = page.getByLabel('SMS code');
  await expect(code).toBeFocused();
  // Where the code went, masked; "Send again" right away is refused with when it may be tried (429).
  await expect(page.getByText('We have sent a code by SMS to +47 ••••••67. Enter it to continue.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(demoUsers.sms.smsPhone.slice(3));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^You can ask for a new code in (30|29|28) seconds\.$/);
  await page.screenshot({ path: 'test-results/screens/pages-login-sms-390-dark.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);
  // A wrong code is refused with the catalogue's text (401 -> wrong SMS token).
  const right = await latestSmsCode(page, demoUsers.sms.smsPhone);
  await code.fill(right === '000000' ? '111111' : '000000');
  await code.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Wrong sms token');

  await code.fill(right);
  await code.press('Enter');
  await expect(page).toHaveURL(/\/sites$/);
  // No token reaches local storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
});

test('a wrong password gets "Wrong username or password"; no answer gets "Failed to connect"', async ({ page }) => {
  await page.goto('/customer-login');
  await page.getByLabel('Username').fill(demoUsers.viewer.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password');

  await page.route('**/cloud/auth/login', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to connect');
});

test('the login page has its marketing text, pictures and footer; the footer hides on small screens', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/customer-login');
  await expect(page.getByRole('heading', { name: 'Welcome to Varde' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Illustration/ })).toHaveCount(2);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  await expect(footer.getByRole('link', { name: '+47 22 00 40 00' })).toHaveAttribute('href', 'tel:+4722004000');
  await expect(footer.getByRole('link', { name: 'support@varde.cloud' })).toHaveAttribute('href', 'mailto:support@varde.cloud');
  await expect(footer.getByRole('link', { name: 'varde.cloud', exact: true })).toBeVisible();
  for (const name of ['LinkedIn', 'Facebook', 'YouTube']) await expect(footer.getByRole('link', { name })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/pages-login-desktop.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(footer).toBeHidden();
  await expect(page.getByLabel('Username')).toBeInViewport();
  await page.screenshot({ path: 'test-results/screens/pages-login-390.png', fullPage: true });
});

test('the customer-specific login signs in and goes straight to its one controller', async ({ page }) => {
  const site = demoSites()[0]!;
  const release = await holdSiteOnline(page, site.uuid, demoUsers.systemAdmin);
  await page.route(`https://${site.hostname}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>site</title><p>controller login</p>' }),
  );
  await page.goto('/leroy-login');
  await page.getByLabel('Username').fill(demoUsers.systemAdmin.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  // A plain DOM click: Playwright's click would wait on the cross-origin navigation it starts, which the route fulfils.
  await page.getByRole('button', { name: 'Log in' }).evaluate((button) => (button as HTMLButtonElement).click());
  await expect(page).toHaveURL(`https://${site.hostname}/auth/authorize`);
  await expect(page.getByText('controller login')).toBeVisible();
  await release();
});

test('the customer-specific login tells a user without that controller so', async ({ page }) => {
  await page.goto('/leroy-login');
  // Signed in, the page speaks the user's stored language (here the English this test reads).
  await matchStoredLanguage(page, demoUsers.partnerUser.email, DEMO_PASSWORD);
  await page.getByLabel('Username').fill(demoUsers.partnerUser.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The site for this sign-in is not available to your user.');
});
