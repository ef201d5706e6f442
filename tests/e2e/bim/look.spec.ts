import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../pages/helpers.js';
import { chooseBuilding, DEMO_BUILDING_NAME, openTab, signInToBim } from './helpers.js';

/** /bim on a desktop and a phone: screenshots to look at, nothing wider than the window, and axe (no serious violation). */
for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test(`the BIM page on ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInToBim(page);
    if (name === 'mobile') await expect(page.locator(`[data-building="${DEMO_BUILDING_NAME}"]`)).toBeVisible();
    await chooseBuilding(page, DEMO_BUILDING_NAME);
    await expect(page.locator('[data-connection]').first()).toBeVisible();
    await page.locator('[data-connection] [data-action="edit"]').first().click();
    await page.screenshot({ path: `test-results/bim-admin-${name}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await openTab(page, 'import');
    await page.screenshot({ path: `test-results/bim-import-${name}.png`, fullPage: true });
  });
}
