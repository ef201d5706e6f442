import { expect, test } from '@playwright/test';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { expectNoSeriousA11yViolations } from '../pages/helpers.js';
import { adminControls, attemptSuffix, signIn } from './cloudControls.js';

/**
 * Issue 16: a site opens in the portal (from the site list): its live values change as the controller
 * writes them, a trend of a stored tag is drawn, its active alarms and rules are listed, and "Open the
 * controller" reaches the controller through the cloud's proxy by path.
 */
for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['390', { width: 390, height: 844 }]] as const) {
  test(`${name}: open a site from the list, see live values change and a trend, then open the controller`, async ({ page, request }) => {
    const controls = await adminControls(request);
    await controls.pause();
    // A site near the top of the admin's alphabetical list (no scrolling needed at either width).
    const site = demoSites().find((candidate) => candidate.name === 'Bergen Skole')!;
    await controls.connect(site.uuid, true);
    // A tag of this attempt's own (a retry's raise would re-trigger the earlier attempt's alarm).
    const tag = `SITE-PAGE-${name}${attemptSuffix()}`;
    await controls.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: tag, text: 'site page test' });
    await controls.step();
    await page.setViewportSize(viewport);
    await signIn(page, '/sites', demoUsers.admin.email, demoUsers.admin.password);

    const siteLink = page.locator(`[data-testid="site-row"][data-site-uuid="${site.uuid}"] [part="name"]`);
    await expect(siteLink).toHaveAttribute('href', `/sites/${site.uuid}`, { timeout: 15_000 });
    await siteLink.click();
    await expect(page).toHaveURL(new RegExp(`/sites/${site.uuid}$`), { timeout: 15_000 });
    await expect(page.locator('.varde-site-page__title')).toHaveText(site.name);

    const value = page.locator('[data-live-tag="RT401"] [data-live-value]');
    await expect(value).toBeAttached({ timeout: 10_000 });
    const before = await value.getAttribute('data-live-value');
    await controls.step();
    await expect(value).not.toHaveAttribute('data-live-value', before!, { timeout: 5_000 });

    const chart = page.locator('[part="trend"] .varde-site-page__chart');
    await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/, { timeout: 10_000 });
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(page.locator('[part="alarms"]')).toContainText(tag);
    await expect(page.locator('[part="rules"] h2')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/site-page-${name}.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.locator('[part="open-controller"]').click();
    await expect(page).toHaveURL(new RegExp(`/dashboards\\?site=${site.uuid}$`));
    const frame = page.locator('[data-testid="dashboards-frame"]');
    await expect(frame).toHaveAttribute('src', new RegExp(`/cloud/controller-proxy/sites/${site.uuid}/\\?portalId=`), { timeout: 20_000 });
    await expect(page.frameLocator('[data-testid="dashboards-frame"]').locator('h1')).toHaveText(site.name);
  });
}

test('a site the user may not see reads as not found', async ({ page }) => {
  const hidden = demoSites().at(-1)!;
  await signIn(page, `/sites/${hidden.uuid}`, demoUsers.guest.email, demoUsers.guest.password);
  await expect(page.locator('.varde-site-page [role="alert"]')).toHaveText('Anlegget finnes ikke, eller du har ikke tilgang til det.');
  await expect(page.locator('.varde-site-page__title')).toHaveCount(0);
});

test('the alarm map\'s popup opens the site page', async ({ page, request }) => {
  const controls = await adminControls(request);
  await controls.pause();
  const site = demoSites().find((candidate) => candidate.name === 'Bergen Skole')!;
  await controls.connect(site.uuid, true);
  await controls.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: `SITE-PAGE-MAP${attemptSuffix()}`, text: 'from the map' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/alarms/map', demoUsers.admin.email, demoUsers.admin.password);
  const marker = page.locator(`.leaflet-marker-icon[title="${site.name}"]`);
  // At the start view (Norway, zoom 5, desktop width) Bergen's marker stands alone on the west coast.
  await marker.click();
  await page.locator('.varde-alarm-map__popup a', { hasText: site.name }).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${site.uuid}$`));
  await expect(page.locator('.varde-site-page__title')).toHaveText(site.name);
});

test('a search result opens its site\'s page', async ({ page }) => {
  await signIn(page, '/searchpage', demoUsers.user.email, demoUsers.user.password);
  await expect(page.getByTestId('connected-sites')).not.toHaveAttribute('data-count', '0', { timeout: 15_000 });
  const input = page.locator('[part="search-input"]');
  await input.fill('Sirkulasjonspumpe');
  await input.press('Enter');
  const first = page.locator('[part="result-row"]').first();
  await expect(first).toBeVisible();
  const uuid = await first.getAttribute('data-site-uuid');
  await first.locator('[part="open-link"]').click();
  await expect(page).toHaveURL(new RegExp(`/sites/${uuid}$`));
  await expect(page.locator('.varde-site-page__title')).toBeVisible();
});

test('an alarm\'s dialog and a site\'s alarm card open the site\'s page', async ({ page, request }) => {
  const controls = await adminControls(request);
  await controls.pause();
  const site = demoSites().find((candidate) => candidate.name === 'Bergen Skole')!;
  await controls.connect(site.uuid, true);
  const raised = await controls.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: `SITE-PAGE-LIST${attemptSuffix()}`, text: 'from the list' });
  await signIn(page, '/alarms', demoUsers.admin.email, demoUsers.admin.password);
  const row = page.locator(`.varde-alarm-table [part="row"][data-alarm-id="${raised.id}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  await page.locator('.varde-alarm-table [part="site-link"]').click();
  await expect(page).toHaveURL(new RegExp(`/sites/${site.uuid}$`));
  await expect(page.locator('.varde-site-page__title')).toHaveText(site.name);

  await page.goBack();
  await page.locator(`.varde-site-alarm-cards [part="card"][data-site-uuid="${site.uuid}"] a`).click();
  await expect(page).toHaveURL(new RegExp(`/sites/${site.uuid}$`));
});

/**
 * Issue 26, item 4: one source for a tag's current value. Search said RT401 = 22.1 °C while the site page
 * said 20,68 °C. Now both read core's one source (the controller's value in the realtime database), written
 * with the language's one number format; a value that is not current says when it was.
 */
test('the same tag shows the same value on the site page and in search', async ({ page, request }) => {
  const controls = await adminControls(request);
  // A simulation step writes every online site's current values (the e2e cloud's simulation is paused). Last in
  // this file: a step may raise alarms, and the map test above wants Bergen's marker standing alone.
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
