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

/**
 * Issue 37, item 6: in the dark theme the 3D and the floor-plan boxes are dark too, the storey picker is
 * labelled in the page's language (it said "Etasje" in every language), and no heading level is skipped
 * (the page's h1, then the mapper's h2). Screens in test-results/screens/bim-dark-*.png.
 */
for (const [language, storey] of [
  ['en', 'Floor'],
  ['no', 'Etasje'],
] as const) {
  test(`the BIM page in the dark theme (${language}): dark viewers, the storey picker in the page's language, no skipped heading`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInToBim(page, language);
    await chooseBuilding(page, DEMO_BUILDING_NAME);
    await expect(page.locator('[data-viewer="viewer2d"]')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await page.locator('[data-action="load-all"]').click();
    await expect(page.locator('[data-bim-viewer="viewer2d"]')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(page.locator('[data-bim-viewer="viewer3d"]')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });

    const storeyPicker = page.locator('[data-bim-viewer="viewer2d"] select[data-role="storey"]');
    await expect(storeyPicker).toHaveAttribute('aria-label', storey);
    // The plan's ground and the 3D view's pixels are dark (a light box reads above 200 of 255).
    const planGround = await page.locator('[data-bim-viewer="viewer2d"] > div').first().evaluate((element) => getComputedStyle(element).backgroundColor);
    const [red, green, blue] = planGround.match(/\d+/g)!.map(Number);
    expect(Math.max(red!, green!, blue!), `the plan's ground ${planGround}`).toBeLessThan(80);
    const box = (await page.locator('[data-bim-viewer="viewer3d"] canvas').boundingBox())!;
    const corner = await page.screenshot({ clip: { x: box.x + 2, y: box.y + 2, width: 4, height: 4 } });
    expect(corner.length).toBeGreaterThan(0);
    const cornerBrightness = await page.evaluate(async (png) => {
      const image = await createImageBitmap(new Blob([new Uint8Array(png)], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return Math.max(r!, g!, b!);
    }, [...corner]);
    expect(cornerBrightness, "the 3D view's ground").toBeLessThan(80);

    const levels = await page.locator('#main-content').evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((heading) => (heading as HTMLElement).offsetParent !== null).map((heading) => Number(heading.tagName[1])));
    expect(levels[0]).toBe(1);
    for (let index = 1; index < levels.length; index += 1) expect(levels[index]! - levels[index - 1]!, `heading levels ${levels.join(' ')}`).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `test-results/screens/bim-dark-${language}-1440.png`, fullPage: true });
  });
}
