import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.js';

/** Cloud apps in Chromium: edit a tag mapping inline and see it after the reload (issue 8's "must show"). */
const mappingButton = (page: Page, title: string) => page.locator('[data-mapping]', { hasText: title });

test('edit a tag mapping inline (Enter), see the busy dialog, and see the value after the reload', async ({ page }) => {
  await signIn(page, '/cloud-apps');
  await mappingButton(page, 'Ventilation optimiser').click();
  const rows = page.locator('[data-table]');
  await expect(rows).toHaveCount(4);
  await rows.nth(1).click();
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  const co2 = page.locator('tr', { hasText: 'CO2' }).locator('[data-field="tag"]');
  await expect(co2).toHaveValue('QT701');
  await page.screenshot({ path: 'test-results/screens/apps-desktop.png', fullPage: true });

  await co2.fill('  QT702 ');
  await co2.press('Enter');
  await expect(page.locator('[role="dialog"][aria-busy="true"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/apps-busy.png' });
  // The 2 s wait, then the reload.
  await expect(page.locator('[role="dialog"][aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  await expect(co2).toHaveValue('QT702');

  await page.reload();
  await mappingButton(page, 'Ventilation optimiser').click();
  await page.locator('[data-table]').nth(1).click();
  await expect(page.locator('tr', { hasText: 'CO2' }).locator('[data-field="tag"]')).toHaveValue('QT702');
});

test('rename a table inline, toggle it active; a bad controller-id gets the spec text', async ({ page }) => {
  await signIn(page, '/cloud-apps');
  await mappingButton(page, 'Heating curve').click();
  const last = page.locator('[data-table]').nth(3);
  await last.click();
  const title = last.locator('[data-field="table-title"]');
  await title.fill('Renamed in the browser');
  await title.press('Enter');
  await expect(page.locator('[role="dialog"][aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('[data-table]').nth(3).locator('[data-field="table-title"]')).toHaveValue('Renamed in the browser');
  const active = page.locator('[data-field="active"]');
  await expect(active).not.toBeChecked();
  await active.click();
  await expect(page.locator('[role="dialog"][aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  await expect(active).toBeChecked();

  const controller = page.locator('tr', { hasText: 'Heating valve' }).locator('[data-field="controller-id"]');
  await controller.fill('not-a-uuid');
  await controller.press('Enter');
  await expect(page.locator('.varde-cloud-apps__error [data-error-detail]')).toHaveText('The controller has to be a valid UUID');
  await page.locator('[data-action="dismiss-error"]').click();
  await expect(page.locator('.varde-cloud-apps__error')).toHaveCount(0);
});

test('390 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/cloud-apps');
  await mappingButton(page, 'Ventilation optimiser').click();
  await page.locator('[data-table]').first().click();
  await expect(page.locator('tr', { hasText: 'CO2' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/apps-390.png', fullPage: true });
});
