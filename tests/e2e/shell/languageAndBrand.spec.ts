import { expect, test } from '@playwright/test';
import { demoUsers, DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { useStoredLanguage } from '../storedLanguage.js';
import { menuIds } from './shellHelpers.js';
import { signInAs } from '../savedSignIn.js';

/** Languages (no default, en, se; the choice persists) and a brand taken from the first path segment. */

test('Norwegian by default; switching language changes the shell at once and persists', async ({ page }) => {
  await signInAs(page, '/sites', demoUsers.user.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'no');
  await expect(page.getByTestId('menu-sites')).toHaveText('Anlegg');

  await page.getByTestId('account-button').click();
  await expect(page.getByRole('menuitemradio', { name: 'Norsk' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByTestId('menu-sites')).toHaveText('Sites');
  await expect(page.getByTestId('menu-searchpage')).toHaveText('Search');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByTestId('account-button').click();
  await page.getByRole('menuitemradio', { name: 'Svenska' }).click();
  await expect(page.getByTestId('menu-sites')).toHaveText('Anläggningar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');

  // The choice is the account's: the account page shows it (one language per user, issue 26 item 5).
  await page.goto('/account-settings');
  await expect(page.locator('.varde-account-settings [data-part="language-select"]')).toHaveValue('se');

  // The choice survives a reload and a sign-out (it is a preference; no token is stored).
  await page.reload();
  await expect(page.getByTestId('menu-sites')).toHaveText('Anläggningar');
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/cloud\/login\/v2\//);
  expect(await page.evaluate(() => window.localStorage.getItem('varde.language'))).toBe('se');
});

for (const [language, sites, lang] of [['en', 'Sites', 'en'], ['se', 'Anläggningar', 'sv']] as const) {
  test(`after sign-in the portal speaks the account's stored language (${language}), not the device's Norwegian`, async ({ page }) => {
    useStoredLanguage(page, language);
    await signInAs(page, '/sites', demoUsers.user.email, DEMO_PASSWORD);
    await expect(page.getByTestId('menu-sites')).toHaveText(sites);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // Remembered on the device, so the next sign-in page speaks it too.
    expect(await page.evaluate(() => window.localStorage.getItem('varde.language'))).toBe(language);
  });
}

test('the account menu works from the keyboard', async ({ page }) => {
  await signInAs(page, '/sites', demoUsers.user.email, DEMO_PASSWORD);
  await page.getByTestId('account-button').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Kontoinnstillinger' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Logg ut' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByTestId('account-button')).toBeFocused();
});

test('a brand from the first path segment: its theme, logo, Views and Apps entries, and routes under its path', async ({ page }) => {
  await signInAs(page, '/nordlys/searchpage', demoUsers.partnerAdmin.email, DEMO_PASSWORD);

  // Back under the brand's path after the sign-in.
  await expect(page).toHaveURL(/\/nordlys\/searchpage$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'nordlys');
  await expect(page.getByTestId('logo')).toHaveText('Nordlys Energi');
  await expect(page.getByTestId('partner-logo')).toHaveCount(0);
  expect(await menuIds(page)).toEqual([
    'sites', 'alarms', 'alarms-list', 'alarms-map', 'alarms-oncall', 'cloud-functions', 'cloud-apps', 'administrate', 'service-accounts', 'licenses', 'searchpage',
    'dashboards', 'apps',
  ]);
  await expect(page.getByTestId('menu-apps')).toHaveAttribute('href', 'https://apps.nordlysenergi.no');
  await expect(page.getByTestId('menu-apps')).toHaveAttribute('target', '_blank');

  // In-app links keep the brand's base.
  await expect(page.getByTestId('menu-sites')).toHaveAttribute('href', '/nordlys/sites');
  await page.getByTestId('menu-sites').click();
  await expect(page).toHaveURL(/\/nordlys\/sites$/);
  // Unknown paths under the brand go to the brand's /sites.
  await page.goto('/nordlys/nowhere');
  await expect(page).toHaveURL(/\/nordlys\/sites$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'nordlys');
});

test('without a brand: the customer theme and the main partner\'s logo; fjellvann hides licences', async ({ page }) => {
  await signInAs(page, '/sites', demoUsers.partnerAdmin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'fjord');
  await expect(page.getByTestId('logo')).toHaveText('Varde');
  await expect(page.getByTestId('partner-logo')).toHaveText('Nordbygg Drift');
  expect(await menuIds(page)).toContain('licenses');
  expect(await menuIds(page)).not.toContain('dashboards');

  await page.goto('/fjellvann/sites');
  await expect(page).toHaveURL(/\/fjellvann\/sites$/);
  await expect(page.getByTestId('logo')).toHaveText('Fjellvann VA');
  expect(await menuIds(page)).not.toContain('licenses');
});
