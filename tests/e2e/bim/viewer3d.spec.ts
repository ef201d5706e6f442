import { expect, test } from '@playwright/test';
import { bimSite, chooseBuilding, DEMO_BUILDING_NAME, demoBuilding, signInToBim } from './helpers.js';

/**
 * Issue 10's must-show in Chromium: the demo building renders in 3D (load all, then a screenshot
 * that was looked at), zoom to an equipment GlobalId and a click on the canvas centre picks it into
 * the model node; paired with a tag, saved, the connection is there after a reload.
 */
test('the demo building in 3D: pick an object, pair it with a tag, save, reload, see the connection', async ({ page }) => {
  // Not connected by the seed: the third storey's first air terminal.
  const target = demoBuilding().storeys[2]!.equipment[0]!;
  await signInToBim(page);
  await chooseBuilding(page, DEMO_BUILDING_NAME);
  const viewer3d = page.locator('[data-viewer="viewer3d"]');
  await expect(viewer3d).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.locator('[data-viewer="viewer2d"]')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });

  await page.locator('[data-action="load-all"]').click();
  const models = page.locator('[data-model]');
  await expect(models).toHaveCount(2);
  for (const model of await models.all()) {
    await expect(model).toHaveAttribute('data-visibility', 'VISIBLE', { timeout: 30_000 });
    await expect(model).toHaveAttribute('data-loading', 'false', { timeout: 30_000 });
  }
  // The viewer's own readiness: every requested model loaded and drawn (viewer/README.md).
  await expect(page.locator('[data-bim-viewer="viewer3d"]')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.locator('[data-bim-viewer="viewer2d"]')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  const canvas = viewer3d.locator('canvas');
  await expect(canvas).toBeVisible();
  await viewer3d.screenshot({ path: 'test-results/bim-3d-demo-building.png' });
  await page.screenshot({ path: 'test-results/bim-page-desktop.png', fullPage: true });

  await page.locator('[data-field="zoom-global-id"]').fill(target.globalId);
  await page.locator('[data-action="zoom"]').click();
  await expect(page.locator('[data-alert="object-not-found"]')).toHaveCount(0);
  await expect(page.locator('[data-bim-viewer="viewer3d"]')).toHaveAttribute('data-highlighted', target.globalId);
  await viewer3d.screenshot({ path: 'test-results/bim-3d-zoomed.png' });
  await canvas.click(); // Playwright clicks the centre of the element
  await expect(page.locator('[data-field="bim-guid"]')).toHaveValue(target.globalId);
  await expect(page.locator('[data-field="bim-name"]')).toHaveValue(target.name);
  await expect(page.locator('[data-field="bim-description"]')).toHaveValue(target.description);

  await page.locator('[data-field="controller-id"]').fill(bimSite.uuid);
  await page.locator('[data-field="tag"]').fill(` ${target.tag} `);
  await page.locator('[data-field="substation"]').fill('360');
  await page.locator('[data-action="add-pair"]').click();
  await expect(page.locator(`[data-guid="${target.globalId}"]`)).toHaveAttribute('data-saved', 'false');
  await page.locator('[data-action="save-all"]').click();
  await expect(page.locator('[data-unsaved]')).toHaveCount(0);
  await expect(page.locator(`[data-guid="${target.globalId}"]`)).toHaveAttribute('data-saved', 'true');

  await page.reload();
  await chooseBuilding(page, DEMO_BUILDING_NAME);
  const row = page.locator(`[data-guid="${target.globalId}"]`);
  await expect(row).toContainText(target.tag);
  await expect(row).toContainText(target.name);
  await expect(row).toContainText(bimSite.name);
});

test('zoom to a GlobalId outside the loaded models shows the Norwegian alert', async ({ page }) => {
  await signInToBim(page, 'no');
  await expect(page.locator('[data-viewer="viewer3d"]')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await page.locator('[data-field="zoom-global-id"]').fill(demoBuilding().storeys[0]!.equipment[0]!.globalId);
  await page.locator('[data-action="zoom"]').click();
  await expect(page.locator('[data-alert="object-not-found"]')).toContainText(
    'Objektet ble ikke funnet i de innlastede modellene. Last inn flere lag og prøv igjen.',
  );
});

test('a pick on the floor plan fills the model node and highlights the object in 3D; models hide and show', async ({ page }) => {
  const sensor = demoBuilding().storeys[0]!.equipment.find((item) => item.ifcClass === 'IFCSENSOR')!;
  await signInToBim(page);
  await chooseBuilding(page, DEMO_BUILDING_NAME);
  await expect(page.locator('[data-viewer="viewer3d"]')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await page.locator('[data-action="load-all"]').click();
  const plan = page.locator('[data-bim-viewer="viewer2d"]');
  await expect(plan).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(page.locator('[data-bim-viewer="viewer3d"]')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });

  await plan.locator(`[data-global-id="${sensor.globalId}"]`).click();
  await expect(page.locator('[data-field="bim-guid"]')).toHaveValue(sensor.globalId);
  await expect(page.locator('[data-field="bim-name"]')).toHaveValue(sensor.name);
  await expect(page.locator('[data-bim-viewer="viewer3d"]')).toHaveAttribute('data-highlighted', sensor.globalId);

  const technical = page.locator('[data-model]', { hasText: 'VVS Fjordheim' });
  await technical.locator('[data-action="toggle-model"]').click();
  await expect(technical).toHaveAttribute('data-visibility', 'HIDDEN');
  await technical.locator('[data-action="toggle-model"]').click();
  await expect(technical).toHaveAttribute('data-visibility', 'VISIBLE');

  await page.locator('[data-section-mode="top"]').check();
  await page.locator('[data-field="section-position"]').fill('40');
  await expect(page.locator('[data-bim-viewer="viewer3d"]')).toHaveAttribute('data-state', 'ready');
  await page.locator('[data-viewer="viewer3d"]').screenshot({ path: 'test-results/bim-3d-section-top.png' });
});
