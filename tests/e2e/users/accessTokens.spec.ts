import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { useLanguage } from '../pages/helpers.js';
import { browserStorage, expectLooksRight } from './accessTokensLook.js';
import { signInAs } from '../savedSignIn.js';

/**
 * Issue 34: personal access tokens in account settings. A token made in the portal works over HTTP as
 * its owner (read only: a write is 403), is listed with its last use, and is refused once revoked.
 * Build server and portal first.
 */

test('a token made in account settings is shown once, works with the bearer, and is refused once revoked', async ({ page, request }) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, '/account-settings', demoUsers.user.email, DEMO_PASSWORD);
  const panel = page.getByTestId('access-tokens');
  await expect(panel.getByRole('heading', { name: 'Access tokens' })).toBeVisible();

  const form = panel.getByTestId('create-token-form');
  const expiry = form.getByLabel('Expires after');
  await expect(expiry).toHaveValue('90');
  expect(await expiry.locator('option').allTextContents()).toEqual(['7 days', '30 days', '90 days', '180 days', '366 days']);
  await expect(form.getByRole('radio', { name: /Read only/ })).toBeChecked();

  // A name is required; nothing is made without one.
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();

  const name = `nightly <b>${Date.now()}</b>`;
  await form.getByLabel('Name').fill(name);
  await expiry.selectOption('30');
  await form.getByRole('button', { name: 'Create token' }).click();

  const once = panel.getByTestId('token-shown-once');
  await expect(once).toContainText('you will not see it again');
  // User text is text: the name's markup shows as typed, nothing is bold.
  await expect(once.getByRole('heading')).toHaveText(`Your new token “${name}”`);
  await expect(once.locator('b')).toHaveCount(0);
  const token = await once.getByTestId('new-token').inputValue();
  expect(token).toMatch(/^varde_pat_[A-Za-z0-9]{38}$/);
  expect(await browserStorage(page)).not.toContain(token);
  expect(page.url()).not.toContain(token);
  // Copy puts exactly the token on the clipboard and says so.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await once.getByRole('button', { name: 'Copy' }).click();
  await expect(once.getByRole('status')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectLooksRight(page, 'tokens-shown-once');

  // The token over HTTP, as a script uses it: a read works as the user, a write is refused (read only).
  const bearer = { authorization: `Bearer ${token}` };
  const sites = await request.get('/cloud/controllers-api/controllers', { headers: bearer });
  expect(sites.status()).toBe(200);
  expect(((await sites.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  const write = await request.post('/cloud/users/users', { headers: bearer, data: { username: 'made-by-token@example.test', name: 'Token', role: 'Viewer' } });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { detail: string }).detail).toContain('read-only');

  // Once copied it is gone from the page; the list shows the token, its expiry and where it was used from.
  await once.getByRole('button', { name: 'I have copied it' }).click();
  await expect(once).toHaveCount(0);
  await page.reload();
  const row = panel.getByTestId('token-row').filter({ hasText: name });
  await expect(row).toContainText('Read only');
  await expect(row.locator('td').nth(3)).toContainText(/ from /);
  expect(await page.content()).not.toContain(token);
  await expectLooksRight(page, 'tokens-list');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectLooksRight(page, 'tokens-list');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Revoke asks first; Cancel keeps it.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
  await expect(dialog).toContainText(`Revoke “${name}”?`);
  await expectLooksRight(page, 'tokens-revoke-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await request.get('/cloud/controllers-api/controllers', { headers: bearer })).status()).toBe(200);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(panel.getByTestId('tokens-notice')).toHaveText(`The token “${name}” was revoked.`);
  await expect(row).toHaveCount(0);
  const refused = await request.get('/cloud/controllers-api/controllers', { headers: bearer });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { detail?: string }).detail).toBeTruthy();
});

test('a name in use is refused with the cloud\'s reason, and the texts are Norwegian and Swedish too', async ({ page }) => {
  await useLanguage(page, 'no');
  await signInAs(page, '/account-settings', demoUsers.guest.email, DEMO_PASSWORD);
  const panel = page.getByTestId('access-tokens');
  await expect(panel.getByRole('heading', { name: 'Tilgangstokener' })).toBeVisible();
  const form = panel.getByTestId('create-token-form');
  const name = `dobbel ${Date.now()}`;
  await form.getByLabel('Navn').fill(name);
  await form.getByRole('button', { name: 'Opprett token' }).click();
  await expect(panel.getByTestId('token-shown-once')).toContainText('du får ikke se det igjen');
  await form.getByLabel('Navn').fill(name);
  await form.getByRole('button', { name: 'Opprett token' }).click();
  await expect(form.getByRole('alert')).toContainText(`A token named "${name}" exists already`);

  // Swedish, chosen on the page itself: the panel follows at once.
  await page.locator('.varde-account-settings').getByLabel('Språk').selectOption('se');
  await expect(panel.getByRole('heading', { name: 'Åtkomsttoken' })).toBeVisible();
  await expect(panel.getByTestId('token-row').filter({ hasText: name })).toContainText('Endast läsning');
  // The widget's "language changed" snackbar is not this page's to judge (its dark colours: see the note of issue 34).
  const snackbar = page.locator('.varde-account-settings [part="snackbar-text"]');
  await expect(snackbar).toBeVisible();
  await expect(snackbar).toBeHidden({ timeout: 10_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectLooksRight(page, 'tokens-se');
  // Clean up: the demo guest keeps no token.
  await panel.getByRole('button', { name: `Återkalla ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Återkalla' }).click();
  await expect(panel.getByTestId('token-row').filter({ hasText: name })).toHaveCount(0);
  await page.locator('.varde-account-settings').getByLabel('Språk').selectOption('no');
});
