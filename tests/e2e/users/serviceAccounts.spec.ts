import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { useLanguage } from '../pages/helpers.js';
import { expectLooksRight } from './accessTokensLook.js';
import { signInAs } from '../savedSignIn.js';

/**
 * Issue 34: service accounts in user administration, for administrators only. An admin makes one with
 * a role and a site, gives it a token that never expires, reads with it (seeing exactly that site), and
 * deletes it (its token is refused from then on). Build server and portal first.
 */

test('an admin makes a service account with one site, a never-expiring token reads as it, and deleting it ends the token', async ({ page, request }) => {
  test.setTimeout(150_000);
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, '/administrate', demoUsers.admin.email, DEMO_PASSWORD);
  await expect(page.getByTestId('menu-service-accounts')).toHaveText('Service accounts');
  await page.getByTestId('admin-tab-service-accounts').click();
  await expect(page).toHaveURL(/\/administrate\/service-accounts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service accounts');
  await expect(page.getByTestId('menu-service-accounts')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('menu-administrate')).not.toHaveAttribute('aria-current', 'page');

  await page.getByTestId('new-service-account').click();
  const form = page.getByTestId('create-service-account-form');
  const name = `Nightly import ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  // Only the roles the admin may grant, the least one first chosen.
  await expect(form.getByLabel('Role')).toHaveValue('Viewer');
  const site = form.locator('.site-choices__list label').first();
  const siteName = (await site.innerText()).trim();
  await form.getByRole('searchbox', { name: 'Filter sites' }).fill(siteName);
  await site.getByRole('checkbox').check();
  await expect(form).toContainText('1 site chosen');
  await expectLooksRight(page, 'service-accounts-create');
  await form.getByRole('button', { name: 'Create service account' }).click();

  // Its page: role, sites, and its tokens (none yet).
  await expect(page).toHaveURL(/\/administrate\/service-accounts\/[^/]+$/);
  const summary = page.getByTestId('service-account-summary');
  await expect(summary).toContainText(name);
  await expect(summary).toContainText('Viewer');
  await expect(summary).toContainText('1 site');
  const panel = page.getByTestId('access-tokens');
  await expect(panel).toContainText('No access tokens yet.');
  const tokenForm = panel.getByTestId('create-token-form');
  await tokenForm.getByLabel('Name').fill('cron');
  await tokenForm.getByLabel('Expires after').selectOption({ label: 'Never expires' });
  await tokenForm.getByRole('button', { name: 'Create token' }).click();
  const once = panel.getByTestId('token-shown-once');
  await expect(once).toContainText('you will not see it again');
  const token = await once.getByTestId('new-token').inputValue();
  expect(token).toMatch(/^varde_pat_/);
  await expect(panel.getByTestId('token-row').filter({ hasText: 'cron' })).toContainText('Never');
  await expectLooksRight(page, 'service-account-tokens');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectLooksRight(page, 'service-account-tokens');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The token reads as the service account: exactly the one site it was granted.
  const bearer = { authorization: `Bearer ${token}` };
  const sites = await request.get('/cloud/controllers-api/controllers', { headers: bearer });
  expect(sites.status()).toBe(200);
  expect(((await sites.json()) as { data: { name: string }[] }).data.map((entry) => entry.name)).toEqual([siteName]);

  // Listed apart from people, with its role, sites and tokens; not among the people.
  await page.getByTestId('all-service-accounts').click();
  const row = page.getByTestId('service-account-row').filter({ hasText: name });
  await expect(row).toContainText('Viewer');
  await expect(row).toContainText('1 site');
  await expect(row).toContainText('1 token');
  await expectLooksRight(page, 'service-accounts-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectLooksRight(page, 'service-accounts-list');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('admin-tab-people').click();
  await expect(page.locator('.varde-user-admin [part="row"]').first()).toBeVisible();
  await expect(page.locator('.varde-user-admin')).not.toContainText(name);
  await page.getByTestId('admin-tab-service-accounts').click();

  // Delete asks first; then the account and its token are gone.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this service account?' });
  await expect(dialog).toContainText(`Delete “${name}” and its tokens?`);
  await expectLooksRight(page, 'service-accounts-delete-dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('service-accounts-notice')).toHaveText(`The service account “${name}” was deleted.`);
  await expect(row).toHaveCount(0);
  expect((await request.get('/cloud/controllers-api/controllers', { headers: bearer })).status()).toBe(401);
});

test('a power user manages people but has no service accounts: no menu entry, no tab, and the address says why', async ({ page }) => {
  await useLanguage(page, 'se');
  await signInAs(page, '/administrate', demoUsers.powerUser.email, DEMO_PASSWORD);
  await expect(page.locator('.varde-user-admin')).toBeVisible();
  await expect(page.getByTestId('menu-administrate')).toBeVisible();
  await expect(page.getByTestId('menu-service-accounts')).toHaveCount(0);
  await expect(page.getByTestId('admin-tab-service-accounts')).toHaveCount(0);
  await page.goto('/administrate/service-accounts');
  await expect(page.getByTestId('no-access')).toContainText('Sidan är endast för administratörer.');
});

test('the texts of service accounts in Norwegian', async ({ page }) => {
  await useLanguage(page, 'no');
  await signInAs(page, '/administrate/service-accounts', demoUsers.partnerAdmin.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tjenestekontoer');
  await expect(page.getByTestId('admin-tab-people')).toHaveText('Personer');
  await page.getByTestId('new-service-account').click();
  await expect(page.getByTestId('create-service-account-form').getByRole('heading')).toHaveText('Ny tjenestekonto');
});
