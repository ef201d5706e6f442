import { expect, test } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { seriousA11yViolations, useLanguage } from './shellHelpers.js';
import { signInAs } from '../savedSignIn.js';

/**
 * The shell at desktop width and at 390 px: axe-core finds no serious or critical violation, the
 * mobile drawer is temporary, and screenshots land in test-results/screens/shell-*.png for a human to look at.
 */

const SHOTS = process.env.VARDE_SHELL_SCREENSHOTS ?? 'test-results/screens';

test('desktop: the drawer sits beside the page; the shell pages pass axe', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, '/sites', demoUsers.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sites$/);

  const drawer = page.locator('#side-drawer');
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBe(250);
  await expect(page.getByTestId('user-name')).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveText(demoUsers.admin.name);
  // Dev mode (the reference cloud on loopback) offers the dark theme.
  await expect(page.getByTestId('dark-theme-toggle')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shell-desktop.png` });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByTestId('account-button').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shell-desktop-account-menu.png` });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  for (const path of ['/account-settings', '/cloud-functions', '/licenses']) {
    await page.goto(path);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(await seriousA11yViolations(page), path).toEqual([]);
  }

  // The toggle hides and shows the drawer on wide screens.
  await page.getByTestId('drawer-toggle').click();
  await expect(drawer).toBeHidden();
  await page.getByTestId('drawer-toggle').click();
  await expect(drawer).toBeVisible();

  await page.getByTestId('dark-theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-scheme', 'dark');
  await page.screenshot({ path: `${SHOTS}/shell-desktop-dark.png` });
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('390 px: the name is hidden, the drawer is temporary and closes after a choice', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, '/sites', demoUsers.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sites$/);

  const drawer = page.locator('#side-drawer');
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('user-name')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/shell-390.png` });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: `${SHOTS}/shell-390-menu.png` });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByTestId('menu-bim').click();
  await expect(page).toHaveURL(/\/bim$/);
  await expect(drawer).toBeHidden();

  // Escape closes it too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByTestId('account-button').click();
  await page.screenshot({ path: `${SHOTS}/shell-390-account-menu.png` });
});

test('a brand\'s shell (nordlys theme) passes axe at both widths', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, '/nordlys/dashboards', demoUsers.partnerAdmin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/nordlys\/dashboards$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shell-brand-desktop.png` });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.screenshot({ path: `${SHOTS}/shell-brand-390-menu.png` });
  expect(await seriousA11yViolations(page)).toEqual([]);
});
