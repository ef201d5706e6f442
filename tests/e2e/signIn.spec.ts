import { expect, test, type Page } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../packages/server/src/seed/demoUsers.js';
import { SIGN_IN_CODE } from './pages/helpers.js';

/** Signing in to the portal through the reference cloud's OpenID Connect provider, in Chromium. */

const PASSWORD = DEMO_PASSWORD;

// Signs in itself (not from a saved sign-in, savedSignIn.ts): the sign-in and its pages are what is tested.
async function submitPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').first().click();
}

async function latestSmsCode(page: Page, phone: string): Promise<string> {
  const answer = await page.request.get(`/cloud/outbox/messages?channel=sms&to=${encodeURIComponent(phone)}`);
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { body: string; createdAt: number }[] };
  // The newest sign-in code (the same phone also gets rule notifications), in any language.
  const code = [...data].sort((a, b) => b.createdAt - a.createdAt).map((message) => message.body.match(SIGN_IN_CODE)?.[1]).find(Boolean);
  if (!code) throw new Error(`no SMS code for ${phone} in the outbox`);
  return code;
}

test('a protected page sends the user through the identity provider and back to where they were', async ({ page }) => {
  await page.goto('/sites');
  await submitPassword(page, 'user@varde.test');

  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('user-name')).not.toBeEmpty();
  await expect(page.getByTestId('site-row').first()).toBeVisible();
  expect(await page.getByTestId('site-row').count()).toBe(10);

  // Only user data is persisted; no token reaches local storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

  // A reload keeps the session through a silent sign-in at the provider.
  await page.reload();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('site-row').first()).toBeVisible();
});

test('a wrong password is refused on the provider page, in the portal\'s language (Norwegian by default)', async ({ page }) => {
  await page.goto('/login');
  await submitPassword(page, 'guest@varde.test', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Feil brukernavn eller passord');
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
});

for (const [language, texts] of [
  ['en', { title: 'Sign in', forgot: 'Forgot password?', send: 'Send link', sent: 'Check your e-mail' }],
  ['se', { title: 'Logga in', forgot: 'Glömt lösenordet?', send: 'Skicka länk', sent: 'Kolla din e-post' }],
] as const) {
  test(`the provider's pages follow the portal's language (${language}); "Forgot password?" e-mails a link`, async ({ page }) => {
    await page.addInitScript((code) => window.localStorage.setItem('varde.language', code), language);
    await page.goto('/sites');
    await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
    await expect(page.locator('h1')).toHaveText(texts.title);
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'se' ? 'sv' : 'en');
    await page.getByRole('link', { name: texts.forgot }).click();
    await page.locator('#email').fill('viewer@varde.test');
    const since = Date.now();
    await page.getByRole('button', { name: texts.send }).click();
    await expect(page.locator('h1')).toHaveText(texts.sent);
    const answer = await page.request.get(`/cloud/outbox/messages?channel=email&to=viewer%40varde.test&since=${since}`);
    const { data } = (await answer.json()) as { data: { body: string }[] };
    expect(data[0]?.body).toMatch(/\/reset-password#uuid=[^&]+&ticket=/);
    // Back to the sign-in of the same interaction.
    await page.getByRole('link').last().click();
    await expect(page.locator('#password')).toBeVisible();
  });
}

test('a user with an SMS second factor signs in with the code from the outbox', async ({ page }) => {
  await page.goto('/login?redirect=%2Fsites');
  await submitPassword(page, 'sms@varde.test');
  await expect(page.locator('#code')).toBeVisible();

  await page.locator('#code').fill(await latestSmsCode(page, demoUsers.sms.smsPhone));
  await page.locator('#code').press('Enter');

  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('site-row').first()).toBeVisible();
});

test('log out ends the session at the backend and the provider', async ({ page }) => {
  await page.goto('/sites');
  await submitPassword(page, 'viewer@varde.test');
  await expect(page).toHaveURL(/\/sites$/);

  await page.getByRole('button', { name: /logg ut|log out/i }).click();
  // The provider may ask to confirm the end of its session.
  const confirm = page.locator('#logout-yes');
  if (await confirm.isVisible({ timeout: 3000 }).catch(() => false)) await confirm.click();
  // The provider returns to the portal, which finds no session and asks for a sign-in again.
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  await expect(page.locator('#email')).toBeVisible();

  await page.goto('/sites');
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  await expect(page.locator('#email')).toBeVisible();
});

test('when the provider session ends in another tab, the session monitor signs this tab out too', async ({ context, page }) => {
  await page.goto('/sites');
  await submitPassword(page, 'viewer@varde.test');
  await expect(page).toHaveURL(/\/sites$/);

  // A second tab of the same browser logs out; this ends the provider session the first tab shares.
  const other = await context.newPage();
  await other.goto('/logout');
  await expect(other).toHaveURL(/\/cloud\/login\/v2\//);
  // The provider asks to confirm when the tab has no ID token to show it (this tab never signed in).
  await other.locator('#logout-yes, #email').first().waitFor();
  if (await other.locator('#logout-yes').isVisible()) await other.locator('#logout-yes').click();
  await expect(other.locator('#email')).toBeVisible();

  // The first tab's check-session iframe sees the change (every 2 s), tries prompt=none, and lands at sign-in.
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//, { timeout: 20_000 });
  await expect(page.locator('#email')).toBeVisible();
});
