import { expect, type Page } from '@playwright/test';

/** Issue 26, item 2: on a phone every alarm row shows class, tag, description, site, time and state, none cut off at the side. */
export async function alarmRowsFitThePhone(page: Page): Promise<string[]> {
  // Measured once the first row has its description (once, under load, it was still empty: CI run of bf54de2).
  await expect(page.locator('.varde-alarm-table__row--body [data-cell="text"]').first()).toHaveText(/\S/, { timeout: 15_000 });
  const problems: string[] = [];
  const width = page.viewportSize()!.width;
  const sideways = await page.locator('.varde-alarm-table__scroller').evaluate((element) => element.scrollWidth - element.clientWidth);
  if (sideways > 0) problems.push(`alarms: the table scrolls sideways by ${sideways} px`);
  const rows = page.locator('.varde-alarm-table__row--body');
  for (const index of [0, 1, 2]) {
    for (const cell of ['class', 'tag', 'text', 'site', 'time', 'state']) {
      const box = await rows.nth(index).locator(`[data-cell="${cell}"]`).boundingBox();
      const text = (await rows.nth(index).locator(`[data-cell="${cell}"]`).innerText()).trim();
      if (!box || box.width < 8 || box.x < 0 || box.x + box.width > width + 0.5 || !text) {
        problems.push(`alarms row ${index}: ${cell} is not wholly on screen (${JSON.stringify(box)}, "${text}")`);
      }
    }
  }
  return problems;
}
