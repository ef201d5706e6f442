import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { adminControls, failOnDialog, signIn } from '../sites/cloudControls.js';

/**
 * Issue 37, item 1 (and 4): the alarm page's cards, its table, the map and the site list's badges count
 * the same thing (sites with active alarms, acknowledged or not) from the same data. With the simulation
 * paused, one site's only active alarm is acknowledged and another's is cleared: all four agree within a
 * second, each in its own browser page open at the time.
 */
const user = demoUsers.user;
const SECOND = 1_000;

async function opened(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  failOnDialog(page);
  await signIn(page, path, user.email, user.password);
  return page;
}

async function alarmsBearer(request: APIRequestContext): Promise<Record<string, string>> {
  const admin = demoUsers.systemAdmin;
  const login = await request.post('/cloud/auth/login', { data: { piscadaId: admin.email, password: admin.password } });
  const tokens = ((await login.json()) as { accessTokens: Record<string, string> }).accessTokens;
  return { authorization: `Bearer ${Object.entries(tokens).find(([host]) => host.startsWith('alarms.'))![1]}` };
}

/** The sites this spec gave the user; taken back after it, so later specs see the user's ten demo sites. */
const granted: string[] = [];
test.afterEach(async ({ request }) => {
  const admin = demoUsers.systemAdmin;
  const login = await request.post('/cloud/auth/login', { data: { piscadaId: admin.email, password: admin.password } });
  const tokens = ((await login.json()) as { accessTokens: Record<string, string> }).accessTokens;
  const headers = { authorization: `Bearer ${Object.entries(tokens).find(([host]) => host.startsWith('users.'))![1]}` };
  const found = await request.get('/cloud/users/users', { headers, params: { email: user.email } });
  const uid = ((await found.json()) as { data: Array<{ uid: string }> }).data[0]!.uid;
  for (const uuid of granted.splice(0)) {
    expect((await request.delete(`/cloud/users/users/${uid}/sites/${uuid}`, { headers })).ok()).toBe(true);
  }
});

const cardsCount = (page: Page) => page.locator('.varde-site-alarm-cards [part="title"]');
const tableCount = (page: Page) => page.getByTestId('active-site-count');
const mapCount = (page: Page) => page.getByTestId('marker-count');
const cardOf = (page: Page, uuid: string) => page.locator(`[part="card"][data-site-uuid="${uuid}"]`);
const badgeOf = (page: Page, uuid: string) => page.locator(`[data-testid="site-row"][data-site-uuid="${uuid}"] [part="alarm"]`);

test('acknowledging one site\'s only alarm and clearing another\'s: cards, table, map and badges agree within a second', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const controls = await adminControls(request);
  await controls.pause();
  // Two new sites of the user's, first in the site list by name (digits before letters).
  const acked = await controls.createSite({ name: '0 Telling kvittert', webpmpReady: true, grantTo: [user.email] });
  const cleared = await controls.createSite({ name: '0 Telling opphørt', webpmpReady: true, grantTo: [user.email] });
  granted.push(acked.uuid, cleared.uuid);
  const headers = await alarmsBearer(request);
  const ackedAlarm = await controls.raise({ siteUuid: acked.uuid, alarmGroup: 'A', tagName: 'TELLING-1', text: 'Eneste aktive alarm' });
  const clearedAlarm = await controls.raise({ siteUuid: cleared.uuid, alarmGroup: 'B', tagName: 'TELLING-2', text: 'Eneste aktive alarm' });

  const alarms = await opened(browser, '/alarms');
  const map = await opened(browser, '/alarms/map');
  const sites = await opened(browser, '/sites');
  await expect(cardOf(alarms, acked.uuid)).toBeVisible({ timeout: 15_000 });
  await expect(cardOf(alarms, cleared.uuid)).toBeVisible();
  // The heading says what it counts.
  await expect(cardsCount(alarms)).toHaveText(/^\d+ anlegg med aktive alarmer, kvittert eller ikke$/);
  const before = Number(await cardsCount(alarms).getAttribute('data-count'));
  await expect(tableCount(alarms)).toHaveAttribute('data-count', String(before), { timeout: 15_000 });
  await expect(mapCount(map)).toHaveAttribute('data-count', String(before), { timeout: 15_000 });
  await expect(badgeOf(sites, acked.uuid)).toHaveText('Aktive alarmer: 1', { timeout: 15_000 });
  await expect(badgeOf(sites, cleared.uuid)).toHaveText('Aktive alarmer: 1');
  // The sockets that carry the pushes have logged in (a table row of each site is in).
  await expect(alarms.locator(`[part="row"][data-alarm-id="${clearedAlarm.id}"]`)).toBeVisible();

  const acknowledged = await request.post(`/cloud/alarms/alarms/${ackedAlarm.id}/acknowledge`, { headers, data: { comment: 'Telling' } });
  expect(acknowledged.status()).toBe(200);
  expect((await request.post(`/cloud/alarms/simulation/alarms/${clearedAlarm.id}/clear`, { headers })).ok()).toBe(true);

  // Within a second: the acknowledged site still counts (its alarm is active), the cleared one does not.
  const after = String(before - 1);
  await expect(cardOf(alarms, cleared.uuid)).toHaveCount(0, { timeout: SECOND });
  await expect(cardsCount(alarms)).toHaveAttribute('data-count', after, { timeout: SECOND });
  await expect(cardOf(alarms, acked.uuid)).toBeVisible();
  await expect(tableCount(alarms)).toHaveAttribute('data-count', after, { timeout: SECOND });
  await expect(alarms.locator(`[part="row"][data-alarm-id="${ackedAlarm.id}"]`)).toHaveAttribute('data-acked', 'true', { timeout: SECOND });
  await expect(mapCount(map)).toHaveAttribute('data-count', after, { timeout: SECOND });
  await expect(badgeOf(sites, acked.uuid)).toHaveText('Aktive alarmer: 1', { timeout: SECOND });
  await expect(badgeOf(sites, cleared.uuid)).toHaveAttribute('data-alarm-state', 'unacked', { timeout: SECOND });
  await expect(badgeOf(sites, cleared.uuid)).toHaveText('Ukvitterte alarmer: 1');

  for (const page of [alarms, map, sites]) await page.context().close();
});
