import { expect, test, type Page } from '@playwright/test';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { adminControls, signIn } from './cloudControls.js';

/**
 * Issue 16: the alarm map has a basemap with the network off (Natural Earth outlines shipped with the
 * widgets; the reference cloud sets no tile server), and clusters show the unacknowledged count.
 */
async function onlyTheCloud(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return route.continue();
    outside.push(url.href);
    return route.abort('internetdisconnected');
  });
  return outside;
}

for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['390', { width: 390, height: 844 }]] as const) {
  test(`${name}: coastlines and borders with the network off; clusters count unacknowledged alarms`, async ({ page, request }) => {
    const controls = await adminControls(request);
    await controls.pause();
    const site = demoSites()[0]!;
    await controls.connect(site.uuid, true);
    await controls.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: `MAP-BASE-${name}`, text: 'basemap test' });
    const outside = await onlyTheCloud(page);
    await page.setViewportSize(viewport);
    await signIn(page, '/alarms/map', demoUsers.systemAdmin.email, demoUsers.systemAdmin.password);

    const map = page.locator('.varde-alarm-map__canvas');
    await expect(map).toHaveAttribute('data-outlines', '', { timeout: 15_000 });
    const land = page.locator('path.varde-alarm-map__land');
    await expect(land.first()).toBeAttached();
    // Norway's coast is drawn where the map is centred: the land path covers most of the visible map.
    const [mapBox, landBox] = [await map.boundingBox(), await land.first().boundingBox()];
    expect(landBox!.width).toBeGreaterThan(mapBox!.width * 0.5);
    expect(await page.locator('path.varde-alarm-map__border').count()).toBeGreaterThan(0);
    await expect(page.locator('.leaflet-tile-pane img')).toHaveCount(0);
    await expect(page.locator('[part="note"]')).toBeVisible();

    const marks = page.locator('.varde-alarm-map__dot, .varde-alarm-map__cluster');
    await expect(marks.first()).toBeVisible({ timeout: 15_000 });
    for (const cluster of await page.locator('.varde-alarm-map__cluster').all()) {
      const unacknowledged = await cluster.getAttribute('data-unacknowledged');
      const sites = await cluster.getAttribute('data-sites');
      // The cluster shows how many sites it holds, never a bare "0" (issue 26, item 8).
      await expect(cluster).toHaveText(sites!);
      expect(Number(sites)).toBeGreaterThan(1);
      await expect(cluster).toHaveAttribute('aria-label', new RegExp(`${sites} anlegg, ${unacknowledged} ukvitterte alarmer`));
    }
    await page.screenshot({ path: `test-results/screens/alarm-map-offline-${name}.png` });
    expect(outside).toEqual([]);
  });
}
