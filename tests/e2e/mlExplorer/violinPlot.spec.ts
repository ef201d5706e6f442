import { expect, test, type Page } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { signInAs } from '../savedSignIn.js';
import { useLanguage } from '../storedLanguage.js';

/**
 * The violin plot of the seeded, trained `baseline` version, as people see it on a wide screen and a
 * phone: the picture is an SVG rasterised at twice its size, laid out narrow enough that its smallest
 * text (14 units) stays readable when the phone scales it down. Screenshots: test-results/screens/ml-plot-*.png.
 */
const admin = demoUsers.admin;
const SMALLEST_TEXT_UNITS = 14;
const DENSITY = 2;

async function openBaselinePlot(page: Page) {
  await useLanguage(page, 'en');
  await signInAs(page, '/ml-explorer', admin.email, admin.password);
  await page.locator('[role="tree"]').getByRole('button', { name: /baseline/ }).click();
  const plot = page.locator('[part="violin-plot"]');
  await expect(plot).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => plot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  return plot;
}

/** How tall, in CSS pixels, the plot's smallest text is drawn at the image's displayed size. */
const smallestTextPx = (plot: ReturnType<Page['locator']>) =>
  plot.evaluate((img: HTMLImageElement, { units, density }) => (img.getBoundingClientRect().width / (img.naturalWidth / density)) * units, { units: SMALLEST_TEXT_UNITS, density: DENSITY });

test('the violin plot is readable at 1,440 and at 390 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const plot = await openBaselinePlot(page);
  await plot.scrollIntoViewIfNeeded();
  expect(await smallestTextPx(plot)).toBeGreaterThanOrEqual(12);
  await page.screenshot({ path: 'test-results/screens/ml-plot-1440.png' });
  await plot.screenshot({ path: 'test-results/screens/ml-plot-1440-image.png' });

  await page.setViewportSize({ width: 390, height: 844 });
  await plot.scrollIntoViewIfNeeded();
  // A phone shrinks the picture to its column; its smallest text still comes out at 9 px or more.
  expect(await smallestTextPx(plot)).toBeGreaterThanOrEqual(9);
  await page.screenshot({ path: 'test-results/screens/ml-plot-390.png' });
});
