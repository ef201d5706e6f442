import { expect, test } from '@playwright/test';
import { admin, DEMO_BUILDING_NAME } from './helpers.js';

/**
 * <varde-bim-mapper> on a host page (the preact bundle): the building attribute selects the
 * building, the tabs work in the shadow root, and the element carries the unsaved state as a
 * property, an attribute and an event.
 */
test('the element on a host page: building attribute, tabs, unsaved state', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/examples/host-page/');
  const session = page.locator('varde-session');
  await session.locator('[part="sign-in-button"]').click();
  await session.locator('[part="username-input"] input').fill(admin.email);
  await session.locator('[part="password-input"] input').fill(admin.password);
  await session.locator('[part="submit-button"]').click();
  await expect(session.locator('[part="user-name"]')).toContainText(admin.name);

  await page.evaluate(async (building) => {
    await import('/widgets/varde-bim-mapper.js' as string);
    const element = document.createElement('varde-bim-mapper');
    element.setAttribute('building', building);
    (window as unknown as { bimEvents: unknown[] }).bimEvents = [];
    element.addEventListener('varde-bim-unsaved-change', (event) => (window as unknown as { bimEvents: unknown[] }).bimEvents.push((event as CustomEvent).detail));
    document.body.append(element);
  }, DEMO_BUILDING_NAME);
  const element = page.locator('varde-bim-mapper');
  await expect(element.locator(`[data-building="${DEMO_BUILDING_NAME}"]`)).toHaveAttribute('aria-current', 'true');
  // The seeded air handler's connection (other suites may add more to the building).
  await expect(element.locator('[data-connection]', { hasText: '360.001-LA01' })).toHaveCount(1);

  await element.locator('[data-field="bim-name"]').fill('Changed on a host page');
  await expect(element).toHaveAttribute('unsaved', '');
  expect(await element.evaluate((node) => [(node as unknown as { unsaved: boolean }).unsaved, (node as unknown as { leaveNeedsConfirm: boolean }).leaveNeedsConfirm])).toEqual([true, true]);
  expect(await page.evaluate(() => (window as unknown as { bimEvents: unknown[] }).bimEvents)).toEqual([{ unsaved: true, leaveNeedsConfirm: true }]);

  await element.locator('[data-tab="import"]').click();
  await expect(element.locator('[data-field="csv-file"]')).toBeVisible();
  await expect(element.locator('[data-field="bim-name"]')).toBeHidden();
  await page.screenshot({ path: 'test-results/bim-host-element.png', fullPage: true });
  expect(errors).toEqual([]);
});
