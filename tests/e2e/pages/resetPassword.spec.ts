import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { expectNoSeriousA11yViolations, newestEmailId, resetLinkSince, useLanguage } from './helpers.js';

/** /reset-password from the e-mailed link: validation texts verbatim, Enter handling, the stages. */

// The account gets its own password back, so other suites sharing the cloud are not disturbed.
const ACCOUNT = demoUsers.partnerUser;

// Signs in itself where it signs in (not from a saved sign-in): the password changes.
test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('the e-mailed link sets a new password, with every validation text on the way', async ({ page }) => {
  // Asked for on the login page ("Forgot password?"), delivered to the outbox.
  const before = await newestEmailId(page, ACCOUNT.email);
  await page.goto('/customer-login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail').fill(ACCOUNT.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('If the address belongs to an account, an e-mail with a link is on its way.')).toBeVisible();
  const link = await resetLinkSince(page, ACCOUNT.email, before);
  expect(link).toMatch(/\/reset-password#uuid=[^&]+&ticket=/);
  await page.goto(link);

  const first = page.getByLabel('New password');
  const second = page.getByLabel('Repeat password');
  await expect(first).toBeFocused();

  // Enter in the first field validates it and stays there while it is wrong.
  await first.press('Enter');
  await expect(page.getByText('Field is required', { exact: true })).toBeVisible();
  await expect(first).toBeFocused();
  await first.fill('short');
  await first.press('Enter');
  await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Field is required', { exact: true })).toHaveCount(0);

  // A valid first field: Enter moves on to the second.
  await first.fill(DEMO_PASSWORD);
  await first.press('Enter');
  await expect(second).toBeFocused();
  await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toHaveCount(0);

  // Enter in the second field submits: an empty or different repeat is refused before any call.
  let resetCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/cloud/auth/resetPassword')) resetCalls += 1;
  });
  await second.press('Enter');
  await expect(page.getByText('Field is required', { exact: true })).toBeVisible();
  await second.fill(`${DEMO_PASSWORD}x`);
  await second.press('Enter');
  await expect(page.getByText('Passwords does not match', { exact: true })).toBeVisible();
  expect(resetCalls).toBe(0);
  await expectNoSeriousA11yViolations(page);

  await second.fill(DEMO_PASSWORD);
  const posted = page.waitForRequest((request) => request.url().endsWith('/cloud/auth/resetPassword'));
  await second.press('Enter');
  const body = (await posted).postDataJSON() as { uuid: string; ticket: string; password: string };
  expect(body.password).toBe(DEMO_PASSWORD);
  expect(link).toContain(`uuid=${encodeURIComponent(body.uuid)}`);
  await expect(page.getByText('Your password has been updated. You can now log in.')).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('data-stage', 'PASSWORD_RESET_SUCCESS');

  // The password works at the auth server.
  const login = await page.request.post('/cloud/auth/login', {
    data: { piscadaId: ACCOUNT.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);

  // The link works once: a second use ends on the failure screen with the reason, in the page's one
  // language (here Norwegian: not the server's English under a Norwegian heading, issue 26 item 5).
  // Opened signed out (the sign-in above left the portal's session cookie in this browser, and a signed-in
  // page speaks the account's stored language), on a device set to Norwegian.
  await page.context().clearCookies();
  await page.goto('/customer-login');
  await page.evaluate(() => window.localStorage.setItem('varde.language', 'no'));
  await page.goto(link);
  await page.getByLabel('Nytt passord').fill(DEMO_PASSWORD);
  await page.getByLabel('Gjenta passord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Lagre passord' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Velg nytt passord');
  await expect(page.getByRole('alert')).toHaveText('Kunne ikke oppdatere passordet');
  await expect(page.locator('.reset-password-reason')).toHaveText('Denne lenken for nytt passord er allerede brukt. Be om en ny.');
  await expect(page.locator('main')).toHaveAttribute('data-stage', 'PASSWORD_RESET_FAILED');
});

test('the ticket is URL-decoded before it is sent; an unknown ticket ends on the failure screen', async ({ page }) => {
  await page.goto('/reset-password#uuid=some-user&ticket=a%2Fb%3Dc%20d%2B');
  await page.getByLabel('New password').fill('long enough');
  await page.getByLabel('Repeat password').fill('long enough');
  const posted = page.waitForRequest((request) => request.url().endsWith('/cloud/auth/resetPassword'));
  await page.getByLabel('Repeat password').press('Enter');
  expect((await posted).postDataJSON()).toEqual({ uuid: 'some-user', ticket: 'a/b=c d+', password: 'long enough' });
  await expect(page.getByRole('alert')).toHaveText('Failed to update password');
});

for (const hash of ['', '#uuid=only-the-user', '#ticket=only-the-ticket']) {
  test(`without both uuid and ticket ("${hash}") the page logs out`, async ({ page }) => {
    await page.goto(`/reset-password${hash}`);
    await expect(page).not.toHaveURL(/\/reset-password/);
    await expect(page).toHaveURL(/\/cloud\/login\/v2\/|\/login/);
  });
}

test('the texts follow the UI language (Norwegian by default)', async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/reset-password#uuid=u&ticket=t');
  await page.getByLabel('Nytt passord').press('Enter');
  await expect(page.getByText('Feltet er påkrevd')).toBeVisible();
  await page.close();
});
