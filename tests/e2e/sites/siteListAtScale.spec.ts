import { fileURLToPath } from 'node:url';
import { expect, request, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { startCloud, type RunningCloud } from '../../../bench/cloudProcess.mjs';
import { demoUsers } from '../../../packages/server/src/seed/demoUsers.js';
import { signInOnHostPage } from '../users/helpers.js';
import { adminControls, signIn } from './cloudControls.js';
import { measure, renderedRows, scrollToRow } from './siteListDom.js';

/**
 * Issue 17: the site list's DOM stays bounded at 10,000 sites, in the portal (React) and on the example
 * host page (the preact/compat build). A cloud of its own: the demo plus the server's bulk seed
 * (`--bulk-sites`, one transaction, ~3 s; the shared cloud keeps the 60 sites other suites count).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const BULK_SITES = 10_000;
/** The row scrolled to, far past the first pages. */
const FAR = 1_000;
// A screen of rows plus the virtualiser's overscan either side (about 20 at 720 px), however many sites
// are loaded; about ten nodes a row (status icon, name, status text, alarm summary).
const MAX_ROWS = 40;
const MAX_NODES = MAX_ROWS * 10;
const admin = demoUsers.systemAdmin;

let cloud: RunningCloud;
let context: BrowserContext | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  cloud = await startCloud([
    '--port', '0', '--memory', '--seed', 'demo', '--simulation', 'off', '--bulk-sites', String(BULK_SITES),
    '--portal', `${root}packages/portal/dist`,
    '--static', `/widgets=${root}packages/widgets/dist/elements`,
    '--static', `/examples=${root}examples`,
  ]);
});
test.afterAll(async () => {
  await cloud?.stop();
});
test.afterEach(async () => {
  await context?.close();
});

/** A page whose relative URLs go to this suite's cloud (the config's baseURL is the shared one). */
async function pageOnCloud(browser: Browser): Promise<Page> {
  context = await browser.newContext({ baseURL: cloud.url });
  return context.newPage();
}

/** Sites in list order, `offset` on, as the cloud answers the list's own request. */
async function sitesFrom(offset: number, limit: number) {
  const api = await request.newContext({ baseURL: cloud.url });
  try {
    return await (await adminControls(api)).sitesOf(admin.email, admin.password, { offset, limit });
  } finally {
    await api.dispose();
  }
}

/** The list's checks, the same in both builds: bounded at the top and far down, and the right sites far down. */
async function expectBoundedList(list: Locator): Promise<void> {
  const scroller = list.locator('.varde-site-list__scroller');
  await expect(list.getByTestId('site-row').first()).toBeVisible({ timeout: 15_000 });
  // Measured once the list holds sites it does not render (the pages it loads ahead).
  const holdsUnrendered = async () => {
    const { loaded, rows } = await measure(list);
    return loaded > rows;
  };
  await expect.poll(holdsUnrendered, { message: 'the list holds sites it does not render' }).toBe(true);
  const atTop = await measure(list);
  expect(atTop.rows).toBeGreaterThan(0);
  expect(atTop.rows).toBeLessThanOrEqual(MAX_ROWS);
  expect(atTop.nodes).toBeLessThanOrEqual(MAX_NODES);

  await scrollToRow(scroller, FAR, FAR + MAX_ROWS);
  const expected = await sitesFrom(FAR - MAX_ROWS, 2 * MAX_ROWS);
  const far = expected[MAX_ROWS]!;
  await expect.poll(async () => (await renderedRows(scroller)).atTop, { intervals: [50] }).toBe(far.uuid);
  await expect(list.locator(`[data-site-uuid="${far.uuid}"] [part="name"]`)).toHaveText(far.name);
  // The rendered rows are the sites around it, in the cloud's order.
  const { uuids } = await renderedRows(scroller);
  const first = expected.findIndex((site) => site.uuid === uuids[0]);
  expect(first).toBeGreaterThanOrEqual(0);
  expect(uuids).toEqual(expected.slice(first, first + uuids.length).map((site) => site.uuid));

  const deep = await measure(list);
  expect(deep.loaded).toBeGreaterThan(FAR);
  expect(deep.rows).toBeLessThanOrEqual(MAX_ROWS);
  expect(deep.nodes).toBeLessThanOrEqual(MAX_NODES);
}

test('the portal\'s site list keeps its DOM bounded at 10,060 sites and shows the right ones far down', async ({ browser }) => {
  const page = await pageOnCloud(browser);
  await signIn(page, '/sites', admin.email, admin.password);
  await expectBoundedList(page.locator('.varde-site-list'));
});

test('the host page\'s <varde-site-list> (preact/compat) does the same', async ({ browser }) => {
  const page = await pageOnCloud(browser);
  await page.goto('/examples/site-list/');
  await signInOnHostPage(page, admin.email, admin.password);
  await expect(page.locator('varde-session [part="user-name"]')).toContainText(admin.name);
  await expectBoundedList(page.locator('varde-site-list .varde-site-list'));
});
