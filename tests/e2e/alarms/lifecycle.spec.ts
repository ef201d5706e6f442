import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoSites } from '../../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { expectNoSeriousA11yViolations } from '../pages/helpers.js';
import { adminControls, attemptIndex, attemptSuffix, failOnDialog, signIn } from '../sites/cloudControls.js';

/**
 * Issue 16's alarm lifecycle in Chromium: an operator acknowledges an alarm with a comment in one
 * browser and a colleague's open table shows it acknowledged by server push, long before the 3 s poll.
 */

const user = demoUsers.user;
const site = demoSites().slice(0, 10).find((item) => item.webpmpReady === true)!;

async function alarmsPage(browser: Browser, width = 1440): Promise<Page> {
  // Reduced motion: Shoelace's dialog opens without its fade, so a screenshot shows it as it stays.
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  failOnDialog(page);
  await signIn(page, '/alarms', user.email, user.password);
  return page;
}

const rowOf = (page: Page, id: string) => page.locator(`[part="row"][data-alarm-id="${id}"]`);

test('acknowledged with a comment in one browser, shown acknowledged in another within a second', async ({ browser, request }) => {
  const controls = await adminControls(request);
  await controls.pause();
  const alarm = await controls.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: `E2E-ACK${attemptSuffix()}`, text: 'Tilluft for varm', value: '31 °C' });

  const operator = await alarmsPage(browser);
  const colleague = await alarmsPage(browser);
  await expect(rowOf(operator, alarm.id)).toBeVisible({ timeout: 15_000 });
  await expect(rowOf(colleague, alarm.id)).toBeVisible({ timeout: 15_000 });
  await expect(rowOf(colleague, alarm.id).locator('[part="state"]')).toHaveText('Ukvittert');

  // By keyboard: the row takes focus and Enter opens the alarm.
  await rowOf(operator, alarm.id).focus();
  await operator.keyboard.press('Enter');
  const dialog = operator.locator('[data-dialog="alarm"]');
  await expect(dialog).toHaveAttribute('open', '');
  await dialog.locator('textarea').fill('<b>Ringte vakt</b>, spjeld sjekket');
  await dialog.locator('[data-action="acknowledge"]').click();

  // Pushed: the colleague's table shows it within a second or two, not at the next 3 s poll.
  await expect(rowOf(colleague, alarm.id).locator('[part="state"]')).toHaveText(`Kvittert av ${user.email}`, { timeout: 2_000 });
  await expect(dialog.locator('[data-testid="ack-comment"]')).toHaveText('<b>Ringte vakt</b>, spjeld sjekket');
  await expect(dialog.locator('b')).toHaveCount(0);
  await expect(dialog.locator('li[data-action="acknowledged"]')).toContainText(user.email);

  // The colleague opens it with the mouse and reads the same history.
  await rowOf(colleague, alarm.id).click();
  const theirs = colleague.locator('[data-dialog="alarm"]');
  await expect(theirs.locator('li[data-action="acknowledged"]')).toContainText('Ringte vakt');
  await expect(theirs.locator('[data-action="acknowledge"]')).toHaveAttribute('disabled', '');

  await operator.context().close();
  await colleague.context().close();
});

test('screenshots of the table with an acknowledged alarm at 1440 and 390 px; no serious a11y violation', async ({ browser, request }) => {
  const controls = await adminControls(request);
  await controls.pause();
  const alarm = await controls.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: `E2E-SHOT${attemptSuffix()}`, text: 'Trykkfall kjølekrets', value: '1,2 bar' });
  const api = await request.post('/cloud/auth/login', { data: { piscadaId: user.email, password: user.password } });
  const tokens = ((await api.json()) as { accessTokens: Record<string, string> }).accessTokens;
  const bearer = Object.entries(tokens).find(([host]) => host.startsWith('alarms.'))![1];
  const acked = await request.post(`/cloud/alarms/alarms/${alarm.id}/acknowledge`, { headers: { authorization: `Bearer ${bearer}` }, data: { comment: 'Tekniker varslet' } });
  expect(acked.status()).toBe(200);

  for (const width of [1440, 390]) {
    const page = await alarmsPage(browser, width);
    await expect(rowOf(page, alarm.id).locator('[part="state"]')).toHaveText(`Kvittert av ${user.email}`, { timeout: 15_000 });
    await page.screenshot({ path: `test-results/screens/alarm-table-acked-${width}.png`, fullPage: true });
    await rowOf(page, alarm.id).click();
    await expect(page.locator('[data-dialog="alarm"] li[data-action="acknowledged"]')).toBeVisible();
    // The dialog's panel has finished opening (no animation left on it).
    await expect.poll(() => page.locator('[data-dialog="alarm"]').evaluate((el) => el.shadowRoot!.querySelector('[part="panel"]')!.getAnimations().length)).toBe(0);
    await page.screenshot({ path: `test-results/screens/alarm-dialog-acked-${width}.png` });
    if (width === 1440) await expectNoSeriousA11yViolations(page);
    await page.context().close();
  }
});

test('the map popup acknowledges and shelves the site\'s alarms', async ({ page, request }) => {
  const admin = demoUsers.systemAdmin;
  const controls = await adminControls(request);
  await controls.pause();
  const login = await request.post('/cloud/auth/login', { data: { piscadaId: admin.email, password: admin.password } });
  const tokens = ((await login.json()) as { accessTokens: Record<string, string> }).accessTokens;
  const headers = { authorization: `Bearer ${Object.entries(tokens).find(([host]) => host.startsWith('alarms.'))![1]}` };
  // Alone at sea, so that its marker is never in a cluster; a retry's station lies 4° further south-west.
  const attempt = attemptIndex();
  const station = `Havstasjon E2E${attemptSuffix()}`;
  const created = await request.post('/cloud/alarms/simulation/sites', { headers, data: { name: station, latitude: 66 - 4 * attempt, longitude: 2 - 2 * attempt } });
  expect(created.status()).toBe(201);
  const siteUuid = ((await created.json()) as { data: { uuid: string } }).data.uuid;
  const first = await controls.raise({ siteUuid, alarmGroup: 'A', tagName: 'HAV-1', text: 'Lekkasje' });
  const second = await controls.raise({ siteUuid, alarmGroup: 'B', tagName: 'HAV-2', text: 'Lav batterispenning' });
  const stateOf = async (id: string) => {
    const answer = await request.get(`/cloud/alarms/alarms?site=${siteUuid}`, { headers });
    return ((await answer.json()) as { data: { id: string; acknowledgedBy: string | null; shelvedUntil?: string | null }[] }).data.find((row) => row.id === id)!;
  };

  failOnDialog(page);
  await signIn(page, '/alarms/map', admin.email, admin.password);
  const marker = page.locator(`.leaflet-marker-icon[title="${station}"]`);
  const popup = page.locator('.varde-alarm-map__popup');
  await expect(marker).toBeVisible({ timeout: 15_000 });
  await marker.click();
  await expect(popup.locator('li[data-alarm-id]')).toHaveCount(2);
  await expect(popup.locator('[data-action="acknowledge-all"]')).toHaveText('Kvitter alle (2)');
  await expect(page.locator('.leaflet-popup')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: 'test-results/screens/alarm-map-popup-actions.png' });

  await popup.locator(`[data-action="acknowledge"][data-alarm-id="${first.id}"]`).click();
  await expect.poll(async () => (await stateOf(first.id)).acknowledgedBy).toBe(admin.email);
  // The marker is rebuilt with the new rows and its popup stays open, listing only what is left to do
  // (at the next push or 3 s poll, which a loaded machine may answer late).
  await expect(popup.locator('li[data-alarm-id]')).toHaveCount(1, { timeout: 10_000 });
  await popup.locator(`[data-action="shelve"][data-alarm-id="${second.id}"]`).click();
  await expect.poll(async () => (await stateOf(second.id)).shelvedUntil ?? null).not.toBeNull();
  expect((await stateOf(second.id)).acknowledgedBy).toBeNull();
});
