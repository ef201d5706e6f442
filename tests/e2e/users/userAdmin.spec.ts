import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { useLanguage } from '../pages/helpers.js';
import { apiLogin, chooseOption, findUser, screenshot } from './helpers.js';
import { signInAs } from '../savedSignIn.js';
import { attemptIndex, attemptSuffix } from '../sites/cloudControls.js';

/** /administrate and /administrate/{id}/...: the admin dialog, delete, and access toggles. Build server, widgets and portal first. */

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('an admin creates a user from the add-user dialog, finds them, and deletes them after confirming', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // A retry's user of its own: the cloud keeps the one (and the e-mail) an earlier attempt made.
  const email = `dialog.user${attemptSuffix()}@varde.test`;
  const name = `Dina Dialog${attemptSuffix()}`;
  await signInAs(page, '/administrate', demoUsers.admin.email, DEMO_PASSWORD);
  const admin = page.locator('.varde-user-admin');
  await expect(admin.locator('[part="row"]').first()).toBeVisible();
  await screenshot(page, 'administrate-desktop');

  await admin.getByRole('button', { name: 'Add user' }).click();
  const dialog = admin.locator('[part="add-user-dialog"]');
  await expect(dialog.getByRole('dialog')).toBeVisible();
  // The same rules as the embedded form, beside the fields.
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('E-mail is required')).toBeVisible();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Role is required')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await chooseOption(dialog.locator('[part="role-select"]'), 'Power user');
  await screenshot(page, 'administrate-dialog-desktop');
  await dialog.getByRole('button', { name: 'Create user' }).click();

  await expect(admin.locator('[part="snackbar"]')).toHaveText(/User was created successfully!/);
  await expect(dialog.getByRole('dialog')).toBeHidden();
  const login = await apiLogin(request, demoUsers.admin.email, DEMO_PASSWORD);
  expect(await findUser(request, login, email)).toMatchObject({ role: 'PowerUser' });
  // Without a password the new user was e-mailed a link to choose one.
  const mail = await page.request.get(`/cloud/outbox/messages?channel=email&to=${encodeURIComponent(email)}`);
  expect(((await mail.json()) as { data: unknown[] }).data.length).toBe(1);

  const search = admin.getByLabel('Search users');
  await search.fill(name);
  await expect(admin.locator('[part="row"]')).toHaveCount(1);
  await expect(admin.locator('[part="row"]')).toContainText(email);
  await search.fill('<b>nobody</b>');
  await expect(admin.locator('[part="empty"]')).toHaveText('Your search for "<b>nobody</b>" found no results.');
  await search.fill(email);

  await admin.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = admin.locator('[part="delete-dialog"]');
  await expect(confirm.getByText(`Delete ${name} (${email})?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.locator('[part="row"]')).toHaveCount(1);
  await admin.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(admin.locator('[part="snackbar"]')).toHaveText(/user deleted/);
  await expect(admin.locator('[part="empty"]')).toHaveText(`Your search for "${email}" found no results.`);
  expect(await findUser(request, login, email)).toBeNull();
});

test('toggling a module access shows the loading state, blocks other toggles, and survives a reload', async ({ page, request }) => {
  const admin = await apiLogin(request, demoUsers.admin.email, DEMO_PASSWORD);
  let viewer = await findUser(request, admin, demoUsers.viewer.email);
  if (attemptIndex() > 0 && viewer?.moduleAccesses.search) {
    // A retry: the earlier attempt may have stored the access already; taken back so the switch starts off.
    const taken = await request.delete(`/cloud/users/users/${viewer.uid}/modules/search`, { headers: { authorization: `Bearer ${admin.token('users')}` } });
    expect(taken.ok()).toBe(true);
    viewer = await findUser(request, admin, demoUsers.viewer.email);
  }
  expect(viewer?.moduleAccesses.search).toBeUndefined();

  // Hold the PUT until the loading state has been seen (no timing involved).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/cloud/users/users/*/modules/*', async (route) => {
    await held;
    await route.continue();
  });

  await signInAs(page, `/administrate/${viewer!.uid}/accesses/`, demoUsers.admin.email, DEMO_PASSWORD);
  const detail = page.locator('.varde-user-detail');
  const search = detail.locator('[data-key="modules:search"]');
  await search.locator('sl-switch').click();
  await expect(search.locator('[part="pending"]')).toBeVisible();
  await expect(search.getByRole('switch')).toBeChecked();
  // Other switches are blocked meanwhile.
  await expect(detail.locator('[data-key="modules:alarms"] sl-switch')).toHaveAttribute('disabled', '');
  await screenshot(page, 'user-detail-pending-desktop');
  release();
  await expect(search.locator('[part="pending"]')).toHaveCount(0);
  await expect(detail.locator('[data-key="modules:alarms"] sl-switch')).not.toHaveAttribute('disabled', '');

  await page.reload();
  await expect(detail.locator('[data-key="modules:search"]').getByRole('switch')).toBeChecked();
  expect((await findUser(request, admin, demoUsers.viewer.email))?.moduleAccesses.search).toBe(true);
});

test('a refused access change opens the failure dialog with the status; modules the admin lacks are disabled', async ({ page, request }) => {
  const power = await apiLogin(request, demoUsers.powerUser.email, DEMO_PASSWORD);
  const guest = await findUser(request, power, demoUsers.guest.email);
  await page.route('**/cloud/users/users/*/modules/bim', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Try again later' }) }),
  );
  await signInAs(page, `/administrate/${guest!.uid}/accesses/`, demoUsers.powerUser.email, DEMO_PASSWORD);
  const detail = page.locator('.varde-user-detail');
  // The power user has no licensing module: they cannot give it.
  await expect(detail.locator('[data-key="modules:licensing"] sl-switch')).toHaveAttribute('disabled', '');
  await detail.locator('[data-key="modules:bim"] sl-switch').click();
  const failure = detail.locator('[part="failure-dialog"]');
  await expect(failure.getByRole('dialog', { name: 'Failed to modify access' })).toBeVisible();
  await expect(failure.getByRole('alert')).toHaveText('The server answered 503 Service Unavailable: Try again later.');
  await failure.getByRole('button', { name: 'OK' }).click();
  await expect(detail.locator('[data-key="modules:bim"]').getByRole('switch')).not.toBeChecked();
});

test('the user detail: rows, password only for managers who may, role sub-page, undefined goes back', async ({ page, request }) => {
  const admin = await apiLogin(request, demoUsers.admin.email, DEMO_PASSWORD);
  const user = await findUser(request, admin, demoUsers.user.email);
  if (attemptIndex() > 0 && user!.role !== 'User') {
    // A retry: the earlier attempt may have left the user a Guest; the role page starts from the seed's role.
    const patched = await request.patch(`/cloud/users/users/${user!.uid}`, { headers: { authorization: `Bearer ${admin.token('users')}` }, data: { role: 'User' } });
    expect(patched.ok()).toBe(true);
  }
  await signInAs(page, `/administrate/${user!.uid}`, demoUsers.admin.email, DEMO_PASSWORD);
  const detail = page.locator('.varde-user-detail');
  await expect(detail.locator('dt')).toHaveText(['Username', 'Name', 'Phone', 'Password', 'Sites', 'Accesses', 'Role', 'Licensing partners']);
  await screenshot(page, 'user-detail-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'user-detail-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  await detail.getByRole('button', { name: 'Edit Role' }).click();
  await expect(page).toHaveURL(new RegExp(`/administrate/${user!.uid}/role/$`));
  await expect(detail.getByRole('radio', { name: 'User', exact: true })).toBeChecked();
  await detail.getByRole('radio', { name: 'Guest' }).click();
  await expect(detail.getByRole('radio', { name: 'Guest' })).toBeChecked();
  // The radio shows the choice at once; the cloud has it once the change is stored (later on PostgreSQL).
  const storedRole = async () => (await findUser(request, admin, demoUsers.user.email))?.role;
  await expect.poll(storedRole).toBe('Guest');
  await detail.getByRole('radio', { name: 'User', exact: true }).click();
  await expect(detail.getByRole('radio', { name: 'User', exact: true })).toBeChecked();
  await expect.poll(storedRole).toBe('User');

  await detail.getByRole('button', { name: /Back to/ }).click();
  await expect(page).toHaveURL(new RegExp(`/administrate/${user!.uid}$`));
  await page.goto('/administrate/undefined');
  await expect(page).toHaveURL(/\/administrate$/);
});
