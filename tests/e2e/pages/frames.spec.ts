import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { useLanguage } from './helpers.js';
import { signInAs } from '../savedSignIn.js';

/** /altlayout and the /controllerframe wrappers. */

test.beforeEach(async ({ page }) => {
  await useLanguage(page, 'en');
});

test('the alternative layout has its drawer and the user\'s sites', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, '/altlayout', demoUsers.guest.email, DEMO_PASSWORD);
  const drawer = page.getByRole('navigation', { name: 'Navigation' });
  await expect(drawer.getByRole('link')).toHaveText(['Sites', 'Alarms', 'User administration', 'License Administration']);
  await expect(page.getByTestId('compact-site')).toHaveCount(5);

  // Small screens: the drawer opens from a button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Sites' }).click();
  await expect(page).toHaveURL(/\/sites$/);
});

test('a controller frame asks for the password in place, then shows the sites', async ({ page }) => {
  await page.goto('/controllerframe');
  await expect(page).toHaveURL(/\/controllerframe\/controllersframe$/);
  await expect(page.getByText('Log in to continue')).toBeVisible();
  await page.getByLabel('Username').fill(demoUsers.guest.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('compact-site')).toHaveCount(5);
  await expect(page.getByRole('banner')).toHaveCount(0);
});

test('the controller-frame login variant signs in with the form and goes to the create-user form', async ({ page }) => {
  await page.goto('/login?controllerframe&redirect=%2FcontrollerUserAdmin');
  await expect(page.getByText('Log in to continue')).toBeVisible();
  await page.getByLabel('Username').fill(demoUsers.admin.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/controllerUserAdmin$/);
  // The user data is stored (and nothing else of the session).
  const stored = await page.evaluate(() => window.localStorage.getItem('varde.user'));
  expect(JSON.parse(stored ?? '{}').email).toBe(demoUsers.admin.email);
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
});
