import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { attemptSuffix } from '../sites/cloudControls.js';
import { apiLogin, chooseOption, findUser, firstSite, screenshot, signInOnHostPage } from './helpers.js';

/**
 * The embedded create-user form: in the example host page (examples/create-user, plain HTML, one
 * script tag) and in the portal's /controllerUserAdmin frame page. Build server, widgets and portal first.
 */

test('an admin creates a user from the form embedded in the example host page', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const admin = await apiLogin(request, demoUsers.admin.email, DEMO_PASSWORD);
  const controllerId = firstSite(admin);

  await page.goto(`/examples/create-user/#controller=${controllerId}`);
  expect(await page.locator('script[src]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src')))).toEqual(['/widgets/varde-create-user.js']);
  const form = page.locator('varde-create-user');
  await expect(form.getByText('Logg inn for å legge til brukere.')).toBeVisible();
  await signInOnHostPage(page, demoUsers.admin.email, DEMO_PASSWORD);

  // Keyboard only: the errors show beside their fields, the first invalid field takes the focus.
  const email = form.locator('[part="email-input"] input');
  await email.focus();
  await email.press('Enter');
  await expect(form.getByText('E-post må fylles ut')).toBeVisible();
  await expect(form.getByText('Navn må fylles ut')).toBeVisible();
  await expect(form.getByText('Rolle må velges')).toBeVisible();
  await expect(email).toBeFocused();
  await email.fill('frame.user');
  await expect(form.getByText('E-posten må være gyldig')).toBeVisible();
  await screenshot(page, 'embedded-errors-desktop');

  // A retry's user of its own: the one an earlier attempt made is still in the cloud.
  const address = `frame.user${attemptSuffix()}@varde.test`;
  await email.fill(address);
  await form.getByLabel('Navn').fill('Frida Frame');
  await form.locator('[part="password-input"] input').fill('frame-pass-1');
  await chooseOption(form.locator('[part="role-select"]'), 'Gjest');
  await form.getByLabel('Telefon (valgfritt)').fill('+47 400 00 000');
  // The frame's controller is already in site access.
  await expect(form.locator('[part="sites-select"]')).toHaveJSProperty('value', [controllerId]);
  // The create request is awaited on its own: a click that never reached the form and a slow answer
  // (both browser runs load the machine in CI) fail with different messages.
  const createAnswer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/cloud/users/users', { timeout: 10_000 });
  await form.locator('[part="submit-button"]').click();
  expect((await createAnswer).status()).toBe(201);

  await expect(form.getByRole('status')).toHaveText('Brukeren ble opprettet!');
  await expect(page.locator('#created li')).toHaveText([`Frida Frame <${address}> as Guest`]);
  const created = await findUser(request, admin, address);
  expect(created).toMatchObject({ role: 'Guest', controllers: { [controllerId]: true } });

  // The same e-mail again: the server's 409 is shown as the catalogue says.
  await email.fill(address.replace(/^[^@]+/, (local) => local.toUpperCase()));
  await form.getByLabel('Navn').fill('Frida Again');
  await form.locator('[part="password-input"] input').fill('frame-pass-2');
  await chooseOption(form.locator('[part="role-select"]'), 'Leser');
  await form.locator('[part="password-input"] input').press('Enter');
  await expect(form.getByRole('alert')).toHaveText('Brukeren finnes allerede');
  expect(errors).toEqual([]);
});

test('a User is not offered Admin, and the server refuses Admin when asked directly', async ({ page, request }) => {
  const user = await apiLogin(request, demoUsers.user.email, DEMO_PASSWORD);
  await page.goto(`/examples/create-user/?chainId=${firstSite(user)}`);
  await signInOnHostPage(page, demoUsers.user.email, DEMO_PASSWORD);
  const form = page.locator('varde-create-user');
  const role = form.locator('[part="role-select"]');
  await role.locator('[part~="combobox"]').click();
  await expect(role.getByRole('option')).toHaveText(['Bruker', 'Gjest', 'Leser']);
  await page.keyboard.press('Escape');

  const refused = await request.post('/cloud/users/users', {
    headers: { authorization: `Bearer ${user.token('users')}` },
    data: { username: 'wants.admin@varde.test', name: 'Wants Admin', role: 'Admin', password: 'admin-pass-1' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ detail: 'A User cannot grant the role Admin' });
  expect(await findUser(request, await apiLogin(request, demoUsers.systemAdmin.email, DEMO_PASSWORD), 'wants.admin@varde.test')).toBeNull();
});

test('a Guest is told the form is not for them', async ({ page, request }) => {
  const guest = await apiLogin(request, demoUsers.guest.email, DEMO_PASSWORD);
  await page.goto(`/examples/create-user/?chainId=${firstSite(guest)}`);
  await signInOnHostPage(page, demoUsers.guest.email, DEMO_PASSWORD);
  await expect(page.locator('varde-create-user').getByRole('alert')).toHaveText('Du kan ikke legge til brukere på denne kontrolleren.');
  await expect(page.locator('varde-create-user form')).toHaveCount(0);
});

test('the embedded form fits a 390 px frame and works with the keyboard', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const power = await apiLogin(request, demoUsers.powerUser.email, DEMO_PASSWORD);
  await page.goto(`/examples/create-user/?chainId=${firstSite(power)}`);
  await signInOnHostPage(page, demoUsers.powerUser.email, DEMO_PASSWORD);
  const form = page.locator('varde-create-user');
  await expect(form.locator('[part="sites-select"]')).toBeVisible();
  // Nothing wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await form.locator('[part="email-input"] input').focus();
  await page.keyboard.type('narrow.user@varde.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Nils Narrow');
  await page.keyboard.press('Tab');
  await page.keyboard.type('narrow-pass');
  await screenshot(page, 'embedded-390');
  const box = await form.locator('[part="submit-button"]').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
});

test('the portal\'s frame page /controllerframe/createuser (alias of /controllerUserAdmin) needs login, then shows the form for the chainId', async ({ page, request }) => {
  const { signInWithForm, useLanguage } = await import('../pages/helpers.js');
  await useLanguage(page, 'en');
  const admin = await apiLogin(request, demoUsers.admin.email, DEMO_PASSWORD);
  const controllerId = firstSite(admin);
  await page.goto(`/controllerframe/createuser?chainId=${controllerId}`);
  // Signs in itself: that the frame page asks for a sign-in first is tested.
  await signInWithForm(page, demoUsers.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/controllerframe/createuser\\?chainId=${controllerId}$`));
  // A frame page: no portal header, just the form.
  await expect(page.getByRole('banner')).toHaveCount(0);
  const form = page.locator('.varde-create-user');
  await expect(form.getByRole('heading', { name: 'Add user' })).toBeVisible();
  await expect(form.locator('[part="sites-select"]')).toHaveJSProperty('value', [controllerId]);
  await form.getByLabel('E-mail').fill(`portal.frame${attemptSuffix()}@varde.test`);
  await form.getByLabel('Name', { exact: true }).fill('Per Portal');
  await form.locator('[part="password-input"] input').fill('portal-pass-1');
  await chooseOption(form.locator('[part="role-select"]'), 'User');
  // Awaited on its own, as in the first test: a click that never submitted and a slow answer fail apart.
  const createAnswer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/cloud/users/users', { timeout: 10_000 });
  await form.getByRole('button', { name: 'Create user' }).click();
  expect((await createAnswer).status()).toBe(201);
  await expect(form.getByRole('status')).toHaveText('User was created successfully!');
  await page.goto(`/controllerUserAdmin#controller=${controllerId}`);
  await expect(form.getByRole('heading', { name: 'Add user' })).toBeVisible();
  await screenshot(page, 'portal-frame-desktop');
});

test('the controller-frame login variant signs in inside the frame and lands on the create-user form', async ({ page, request }) => {
  const { matchStoredLanguage, useLanguage } = await import('../pages/helpers.js');
  await useLanguage(page, 'en');
  const power = await apiLogin(request, demoUsers.powerUser.email, DEMO_PASSWORD);
  const controllerId = firstSite(power);
  await page.goto(`/login?controllerframe&redirect=${encodeURIComponent(`/controllerUserAdmin?chainId=${controllerId}`)}`);
  await matchStoredLanguage(page, demoUsers.powerUser.email, DEMO_PASSWORD);
  await page.getByLabel('Username').fill(demoUsers.powerUser.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/controllerUserAdmin\\?chainId=${controllerId}$`));
  const form = page.locator('.varde-create-user');
  await expect(form.locator('[part="sites-select"]')).toHaveJSProperty('value', [controllerId]);
  const role = form.locator('[part="role-select"]');
  await role.locator('[part~="combobox"]').click();
  await expect(role.getByRole('option')).toHaveText(['Admin', 'Power user', 'User', 'Guest', 'Viewer']);
});
