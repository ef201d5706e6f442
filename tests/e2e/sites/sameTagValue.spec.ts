import { expect, test } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { adminControls, signIn } from './cloudControls.js';

/**
 * Issue 26, item 4: one source for a tag's current value. Search said RT401 = 22.1 °C while the site page
 * said 20,68 °C. Now both read core's one source (the controller's value in the realtime database), written
 * with the language's one number format; a value that is not current says when it was.
 */
test('the same tag shows the same value on the site page and in search', async ({ page, request }) => {
  const controls = await adminControls(request);
  // A simulation step writes every online site's current values (the e2e cloud's simulation is paused).
  await controls.step(1);
  const user = demoUsers.user;
  await signIn(page, '/searchpage', user.email, user.password);
  await expect(page.getByTestId('connected-sites')).not.toHaveAttribute('data-count', '0', { timeout: 15_000 });
  const input = page.locator('[part="search-input"]');
  await input.fill('RT401');
  await input.press('Enter');
  const liveRow = page.locator('[part="result-row"]').filter({ has: page.locator('[data-source="live"]') }).first();
  await expect(liveRow).toBeVisible({ timeout: 10_000 });
  const siteUuid = (await liveRow.getAttribute('data-site-uuid'))!;
  const inSearch = (await liveRow.locator('[data-source="live"]').innerText()).trim();
  // Norwegian: a decimal comma, and the unit the controller writes.
  expect(inSearch).toMatch(/^-?\d+(,\d+)? \S+/);

  await page.goto(`/sites/${siteUuid}`);
  const onSitePage = page.locator('[data-live-tag="RT401"] td');
  await expect(onSitePage).toHaveText(inSearch, { timeout: 10_000 });

  // A row without a current value says when its value is from, rather than passing it off as now.
  await page.goto('/searchpage');
  await expect(page.getByTestId('connected-sites')).not.toHaveAttribute('data-count', '0', { timeout: 15_000 });
  await input.fill('Sirkulasjonspumpe');
  await input.press('Enter');
  const older = page.locator('[part="result-row"] [data-source="search"]').first();
  await expect(older).toContainText(/per \d\d\.\d\d\.\d{4}, \d\d:\d\d/);
});
