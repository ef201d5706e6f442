import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { useLanguage } from '../pages/helpers.js';
import { browserStorage, expectLooksRight } from './accessTokensLook.js';
import { signInAs } from '../savedSignIn.js';

/**
 * Issue 36: administration → Directory sync. An admin makes a SCIM connection (its base URL and token
 * shown once), the directory uses the token to push a user and a group, the admin gives the group a role
 * and a site, the user gets them; rotating stops the old token, revoking the new one. Light, dark, 390 px,
 * Norwegian and Swedish. Build server and portal first.
 */
test('an admin makes a connection, maps the group the directory pushed, rotates and revokes', async ({ page, request }) => {
  test.setTimeout(150_000);
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, '/administrate', demoUsers.admin.email, DEMO_PASSWORD);
  await page.getByTestId('admin-tab-directory-sync').click();
  await expect(page).toHaveURL(/\/administrate\/directory-sync$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Directory sync');

  await page.getByTestId('new-connection').click();
  const form = page.getByTestId('create-connection-form');
  const name = `Entra ID ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create connection' }).click();
  const once = page.getByTestId('connection-shown-once');
  await expect(once).toContainText('you will not see the token again');
  const baseUrl = await once.getByTestId('connection-base-url').inputValue();
  const token = await once.getByTestId('connection-token').inputValue();
  expect(baseUrl).toMatch(/\/scim\/v2$/);
  expect(token).toMatch(/^varde_scim_/);
  expect(await browserStorage(page)).not.toContain(token);
  await expectLooksRight(page, 'directory-sync-created');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectLooksRight(page, 'directory-sync-created');
  await page.setViewportSize({ width: 1440, height: 900 });
  await once.getByTestId('connection-done').click();
  await expect(page.getByTestId('connection-shown-once')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(token);

  // The directory (here: this test, with the token) pushes a user and a group.
  const scim = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const path = new URL(baseUrl).pathname;
  const userName = `joiner.${Date.now()}@fm-firma.test`;
  const user = await request.post(`${path}/Users`, { headers: scim, data: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName, displayName: 'Jo Iner', preferredLanguage: 'nb-NO' } });
  expect(user.status()).toBe(201);
  const uid = ((await user.json()) as { id: string }).id;
  const groupName = `Technicians ${Date.now()}`;
  const group = await request.post(`${path}/Groups`, { headers: scim, data: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: groupName, members: [{ value: uid }] } });
  expect(group.status()).toBe(201);

  await page.reload();
  const row = page.getByTestId('group-row').filter({ hasText: groupName });
  await expect(row).toContainText('No access');
  await expect(page.getByTestId('connection-row').filter({ hasText: name })).toContainText('Live');
  await row.getByRole('button', { name: `Edit access of ${groupName}` }).click();
  const editor = page.getByTestId('group-editor');
  await editor.getByLabel('Role').selectOption('User');
  const site = editor.locator('.site-choices__list label').first();
  await site.getByRole('checkbox').check();
  await expectLooksRight(page, 'directory-sync-map');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('group-notice')).toContainText(`Group ${groupName} now gives User.`);
  await expect(page.getByTestId('group-row').filter({ hasText: groupName })).toContainText('1 site');
  await expectLooksRight(page, 'directory-sync-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectLooksRight(page, 'directory-sync-list');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The member got the role and the site, and the users list says the directory manages them.
  await page.goto('/administrate');
  const listed = page.locator('.varde-user-admin [part="row"]').filter({ hasText: userName });
  await expect(listed.locator('[part="directory"]')).toHaveText(name);

  // Norwegian and Swedish, switched from the account menu (the choice is the account's; English again after).
  await page.goto('/administrate/directory-sync');
  const speak = async (language: string) => {
    await page.getByTestId('account-button').click();
    await page.getByRole('menuitemradio', { name: language }).click();
  };
  await speak('Norsk');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Katalogsynkronisering');
  await expect(page.getByTestId('group-row').filter({ hasText: groupName })).toContainText('1 anlegg');
  await expect(page.getByTestId('admin-tab-directory-sync')).toHaveText('Katalogsynkronisering');
  await speak('Svenska');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Katalogsynkronisering');
  await expect(page.getByTestId('group-row').filter({ hasText: groupName })).toContainText('1 anläggning');
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Anslutningar');
  await speak('English');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Directory sync');

  // Rotate: the old token stops, the new one works; revoke: it stops too.
  await page.getByRole('button', { name: `Rotate token of ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();
  const rotated = await page.getByTestId('connection-token').inputValue();
  expect(rotated).not.toBe(token);
  expect((await request.get(`${path}/Users`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  expect((await request.get(`${path}/Users`, { headers: { authorization: `Bearer ${rotated}` } })).status()).toBe(200);
  await page.getByTestId('connection-done').click();
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('directory-notice')).toContainText(`Connection ${name} revoked.`);
  await expect(page.getByTestId('connection-row').filter({ hasText: name })).toContainText('Revoked');
  expect((await request.get(`${path}/Users`, { headers: { authorization: `Bearer ${rotated}` } })).status()).toBe(401);
});
