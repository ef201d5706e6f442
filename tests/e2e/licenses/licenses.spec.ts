import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../packages/server/src/seed/demoUsers.js';
import { useLanguage } from '../pages/helpers.js';
import { signInAs } from '../savedSignIn.js';
import { attemptSuffix } from '../sites/cloudControls.js';

/**
 * Licence administration in Chromium: generate from the dialog, download, verify the file with the
 * CLI, renew (chain of previous ids), delete (archive); a user without the partner does not see it.
 */
const varde = fileURLToPath(new URL('../../../packages/cli/bin/varde.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'varde-e2e-licenses-'));
const shots = process.env.VARDE_SCREENSHOTS;

async function openLicenses(page: Page, email: string): Promise<void> {
  await useLanguage(page, 'en');
  await signInAs(page, '/licenses', email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/licenses$/);
}

function row(page: Page, name: string) {
  return page.getByTestId('license-row').filter({ hasText: name });
}

async function issueAndDownload(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  return download;
}

test('generate from the dialog, download, verify with the CLI; renew shows the chain; delete archives', async ({ page, baseURL }) => {
  // A licence of this attempt's own: a retry in the same cloud finds the earlier attempt's (and its archive).
  const name = `E2E Licence${attemptSuffix()}`;
  const fileName = `e2elicence${attemptSuffix().slice(1)}license.bin`;
  await openLicenses(page, 'sysadmin@varde.test');
  const partner = page.getByTestId('partner-select');
  await expect(partner).toBeVisible();
  await partner.selectOption('fjordvarme');
  await expect(row(page, 'Bergen Skole')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}-page.png`, fullPage: true });

  // Every field is required: saving the empty form says so.
  await page.locator('[part=add-button]').click();
  const dialog = page.getByTestId('license-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Type').selectOption({ label: 'Controller licence' });
  await dialog.locator('[part=save-button]').click();
  await expect(dialog.getByText('Field is required').first()).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Issued to').fill('Bergen kommune');
  await dialog.getByLabel('Administrator').fill('drift@bergen.test');
  await dialog.getByLabel('Hardware id').fill('PC-E2E-1');
  await dialog.getByLabel('Number of sites').fill('many');
  await dialog.getByLabel('Edition').selectOption('Pro');
  await dialog.getByLabel('Expiration').selectOption('P2Y');
  await dialog.locator('[part=save-button]').click();
  await expect(dialog.getByText('Must be a whole number')).toBeVisible();
  await dialog.getByLabel('Number of sites').fill('7');
  if (shots) await page.screenshot({ path: `${shots}-dialog.png` });

  const generated = await issueAndDownload(page, () => dialog.locator('[part=save-button]').click());
  expect(generated.suggestedFilename()).toBe(fileName);
  const file = join(work, 'generated.bin');
  await generated.saveAs(file);
  await expect(page.getByText('License generated!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The downloaded file verifies offline against the cloud's published key.
  const verified = await promisify(execFile)(process.execPath, [varde, 'licences', 'verify', file, '--json'], {
    env: { PATH: process.env.PATH ?? '', HOME: work, XDG_CONFIG_HOME: join(work, 'config'), VARDE_CLOUD: baseURL! },
  });
  const result = JSON.parse(verified.stdout) as { valid: boolean; licenseInfo: { id: string; name: string; siteCount: number } };
  expect(result).toMatchObject({ valid: true, licenseInfo: { name, siteCount: 7 } });
  const firstId = result.licenseInfo.id;

  // Renew: issued today with the chosen expiry, naming the renewed licence.
  await row(page, name).getByRole('button', { name }).click();
  await page.locator('[part=renew-button]').click();
  await expect(dialog.getByRole('heading', { name: 'Renew license' })).toBeVisible();
  await dialog.getByLabel('Expiration').selectOption('P3Y');
  const renewed = await issueAndDownload(page, () => dialog.locator('[part=save-button]').click());
  expect(renewed.suggestedFilename()).toBe(fileName);
  await expect(page.getByText('License renewed!')).toBeVisible();
  await expect(row(page, name)).toHaveCount(1);
  await row(page, name).getByRole('button', { name }).click();
  await expect(page.getByTestId('license-chain')).toContainText(firstId);
  if (shots) await page.screenshot({ path: `${shots}-expanded.png`, fullPage: true });

  // Delete asks, then moves the licence to the archive.
  await page.locator('[part=delete-button]').click();
  await expect(page.getByRole('alertdialog')).toContainText('You sure you want to delete license?');
  await page.locator('[part=confirm-delete-button]').click();
  await expect(page.getByText('License archived')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  await page.getByRole('switch', { name: 'Archived' }).check();
  await expect(row(page, name)).toHaveCount(2);

  if (shots) {
    // A phone's width: the table keeps name and dates, the dialog fills the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('switch', { name: 'Archived' }).uncheck();
    await row(page, 'Bergen Skole').getByRole('button', { name: /Bergen Skole/ }).click();
    await page.screenshot({ path: `${shots}-390-page.png`, fullPage: true });
    await page.locator('[part=edit-button]').click();
    await page.screenshot({ path: `${shots}-390-dialog.png` });
  }
});

test('a user sees only their own partners; the server refuses another partner with 403', async ({ page }) => {
  await openLicenses(page, 'admin@nordbygg.test');
  const partner = page.getByTestId('partner-select');
  await expect(partner).toBeVisible();
  await expect(partner.locator('option')).toHaveText(['Nordbygg Drift AS']);
  await expect(row(page, 'Tromsø Rådhus')).toBeVisible();

  const login = await page.request.post('/cloud/auth/login', { data: { piscadaId: 'admin@nordbygg.test', password: DEMO_PASSWORD } });
  const tokens = ((await login.json()) as { accessTokens: Record<string, string> }).accessTokens;
  const token = Object.entries(tokens).find(([host]) => host.startsWith('licensing.'))![1];
  const refused = await page.request.get('/cloud/licensing/partners/fjordvarme/licenses', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toMatch(/not a licensing administrator/);
});
