// Sites and alarms in Chromium: for 10,000 sites and 5,000 active alarms in the reference cloud,
//   - time to the first rows of /sites: in a live session, from a click on the menu's Sites link (the
//     issue's figure), and on a reload (navigation start, silent sign-in included),
//   - DOM node count of the site list, on the first page and after scrolling many pages in,
//   - script time of one alarm-table update on /alarms (an alarm raised in the cloud, until its row
//     shows after the push; Chromium's ScriptDuration over that span, median of 5),
//   - time to all alarm rows of /alarms: in a live session from the menu's Alarms link (median of 3),
//     and on a reload.
//
//   node bench/sitesAndAlarms.bench.mjs     (alone; builds server, widgets and portal when dist/ is missing)
//   npm run bench -- sitesAndAlarms         (through bench/run.mjs)
//
// Environment: BENCH_SITES (default 10000), BENCH_ALARMS (default 5000), BENCH_ALARM_SITES (online
// sites carrying them, default 50), BENCH_SCROLL_SITES (how far to scroll the list, default 1000),
// BENCH_CHROMIUM (the browser, default /usr/bin/chromium).
// The demo's own 60 sites (44 online) stay; the added sites are offline except the alarm sites.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startCloud, tempFolder } from './cloudProcess.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SITES = Number(process.env.BENCH_SITES ?? 10_000);
const ALARMS = Number(process.env.BENCH_ALARMS ?? 5_000);
const ALARM_SITES = Number(process.env.BENCH_ALARM_SITES ?? 50);
const SCROLL_SITES = Number(process.env.BENCH_SCROLL_SITES ?? 1_000);
const ADMIN = { email: 'sysadmin@varde.test', password: 'demo1234' };
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

function ensureBuilt() {
  for (const pkg of ['server', 'widgets', 'portal']) {
    const marker = pkg === 'portal' ? 'packages/portal/dist/index.html' : `packages/${pkg}/dist/index.js`;
    if (!existsSync(join(root, marker))) execFileSync('npm', ['run', 'build', '-w', `packages/${pkg}`], { cwd: root, stdio: 'ignore' });
  }
}

/** The cloud on a free port, serving a copy of the built portal (a rebuild during the run cannot pull files away). */
async function startBenchCloud() {
  const portal = tempFolder('varde-bench-portal-');
  try {
    cpSync(join(root, 'packages/portal/dist'), portal.path, { recursive: true });
  } catch (error) {
    portal.remove();
    throw error;
  }
  return startCloud(['--port', '0', '--memory', '--seed', 'demo', '--portal', portal.path], { cleanup: [portal.path] });
}

/** Runs `count` calls of `task(i)`, `concurrency` at a time. */
async function inParallel(count, concurrency, task) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}

async function populate(url) {
  const login = await fetch(`${url}/cloud/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ piscadaId: ADMIN.email, password: ADMIN.password }) });
  const { accessTokens } = await login.json();
  const token = Object.entries(accessTokens).find(([host]) => host.startsWith('alarms.'))[1];
  const call = async (method, path, body) => {
    const answer = await fetch(`${url}/cloud/alarms${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()).data;
  };
  await call('PUT', '/simulation', { running: false });
  const alarmSites = [];
  const started = performance.now();
  await inParallel(SITES, 16, async (i) => {
    const online = i < ALARM_SITES;
    const site = await call('POST', '/simulation/sites', {
      name: `Bench ${String(i).padStart(5, '0')}`,
      webpmpReady: online ? true : false,
      latitude: 58 + (i % 130) / 10,
      longitude: 5 + (i % 250) / 10,
    });
    if (online) alarmSites.push(site.uuid);
  });
  const classes = ['A', 'B', 'C'];
  await inParallel(ALARMS, 16, (i) =>
    call('POST', '/simulation/alarms', {
      siteUuid: alarmSites[i % alarmSites.length],
      alarmGroup: classes[i % 3],
      tagName: `BT${String(i).padStart(5, '0')}`,
      text: `Benchmark alarm ${i}`,
      value: `${i % 100} °C`,
    }),
  );
  return { alarmSites, raise: (body) => call('POST', '/simulation/alarms', body), populateMs: performance.now() - started };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value) => Math.round(value * 10) / 10;

export default async function sitesAndAlarmsBench() {
  ensureBuilt();
  const cloud = await startBenchCloud();
  let browser;
  try {
    // Inside the try: when Chromium cannot start, the cloud is stopped all the same.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    const world = await populate(cloud.url);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(120_000);
    // Sign in once through the provider; the measured loads below start with the silent sign-in a reload does.
    await page.goto(`${cloud.url}/sites`);
    await page.locator('#email').fill(ADMIN.email);
    await page.locator('#password').fill(ADMIN.password);
    await page.locator('button[type=submit]').first().click();
    await page.waitForSelector('[data-testid="site-row"]');

    const rows = [];
    const firstRows = [];
    for (let run = 0; run < 3; run += 1) {
      await page.goto(`${cloud.url}/sites`);
      // Read in the page, at the first frame that has a row (since navigation start).
      const shown = await page.waitForFunction(() => (document.querySelector('[data-testid="site-row"]') ? performance.now() : 0), null, { polling: 'raf' });
      firstRows.push(await shown.jsonValue());
    }
    // In a live session: from another page, a click on the menu's Sites link -> the first row on screen.
    const navigations = [];
    for (let run = 0; run < 3; run += 1) {
      await page.goto(`${cloud.url}/account-settings`);
      await page.waitForSelector('[data-testid="menu-sites"]');
      await page.waitForTimeout(300);
      navigations.push(await page.evaluate(() => new Promise((resolve) => {
        const started = performance.now();
        document.querySelector('[data-testid="menu-sites"]').click();
        const check = () => (document.querySelector('[data-testid="site-row"]') ? resolve(performance.now() - started) : requestAnimationFrame(check));
        requestAnimationFrame(check);
      })));
    }
    rows.push({ measure: 'sites: time to first rows (live session, menu link -> first row)', value: round(median(navigations)), unit: 'ms', goal: '≤ 300' });
    rows.push({ measure: 'sites: time to first rows (reload, incl. silent sign-in)', value: round(median(firstRows)), unit: 'ms' });

    const listNodes = () => page.evaluate(() => ({
      nodes: document.querySelectorAll('.varde-site-list *').length,
      rows: document.querySelectorAll('[data-testid="site-row"]').length,
      loaded: Number(document.querySelector('.varde-site-list__scroller')?.getAttribute('data-loaded')),
    }));
    const first = await listNodes();
    rows.push({ measure: `sites: DOM nodes of the list, ${first.loaded} loaded`, value: first.nodes, unit: `nodes (${first.rows} rows)` });
    const scroller = page.locator('.varde-site-list__scroller');
    const scrollStarted = performance.now();
    for (let loaded = first.loaded; loaded < SCROLL_SITES; ) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForFunction((before) => Number(document.querySelector('.varde-site-list__scroller')?.getAttribute('data-loaded')) > before, loaded);
      loaded = (await listNodes()).loaded;
    }
    const scrollMs = performance.now() - scrollStarted;
    const deep = await listNodes();
    rows.push({ measure: `sites: DOM nodes of the list, ${deep.loaded} loaded`, value: deep.nodes, unit: `nodes (${deep.rows} rows)` });
    rows.push({ measure: `sites: scrolling from ${first.loaded} to ${deep.loaded} loaded (pages ahead)`, value: round(scrollMs), unit: 'ms', goal: '≤ 2000' });

    // Alarm table: all active alarms of every online site over the controller proxy. In a live
    // session from the menu's Alarms link (the issue's figure), then on a reload.
    const allAlarmsShown = (expected) => {
      const text = document.querySelector('[data-testid="alarm-count"]')?.textContent ?? '';
      return Number(text.match(/\d+/g)?.at(-1) ?? 0) >= expected;
    };
    const alarmRuns = [];
    for (let run = 0; run < 3; run += 1) {
      await page.goto(`${cloud.url}/account-settings`);
      const alarmsLink = page.locator('[data-testid="menu-alarms-list"]');
      if (!(await alarmsLink.isVisible())) await page.locator('[data-testid="menu-alarms"]').click();
      await alarmsLink.waitFor();
      await page.waitForTimeout(300);
      const clicked = await alarmsLink.evaluate((link) => {
        link.click();
        return performance.now();
      });
      const shownAt = await page.waitForFunction(
        (expected) => {
          const text = document.querySelector('[data-testid="alarm-count"]')?.textContent ?? '';
          return Number(text.match(/\d+/g)?.at(-1) ?? 0) >= expected ? performance.now() : 0;
        },
        ALARMS,
        { polling: 'raf' },
      );
      alarmRuns.push((await shownAt.jsonValue()) - clicked);
    }
    rows.push({ measure: `alarms: time to all rows (${ALARMS}+ alarms, ${world.alarmSites.length + 44} sites; live session, menu link, median of 3)`, value: round(median(alarmRuns)), unit: 'ms', goal: '≤ 1000' });
    const alarmsStarted = performance.now();
    await page.goto(`${cloud.url}/alarms`);
    await page.waitForFunction(allAlarmsShown, ALARMS);
    rows.push({ measure: 'alarms: time to all rows (reload, incl. silent sign-in)', value: round(performance.now() - alarmsStarted), unit: 'ms' });
    rows.push({ measure: 'alarms: DOM nodes of the table', value: await page.evaluate(() => document.querySelectorAll('.varde-alarm-table *').length), unit: 'nodes' });

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const scriptSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ScriptDuration').value;
    const updates = [];
    for (let run = 0; run < 5; run += 1) {
      // The row is noticed by a MutationObserver installed first, not by Playwright polling the DOM:
      // the harness's own script would count in the page's script time.
      const tag = `UPDATE${run}`;
      await page.evaluate((text) => {
        window.__rowShown = new Promise((resolve) => {
          const observer = new MutationObserver((records) => {
            for (const record of records) {
              for (const node of record.addedNodes) {
                if (node.nodeType === Node.ELEMENT_NODE && node.textContent.includes(text)) {
                  observer.disconnect();
                  resolve();
                  return;
                }
              }
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
      }, tag);
      const before = await scriptSeconds();
      // The cloud pushes alarm_changed to the site's socket; the table asks that site at once.
      await world.raise({ siteUuid: world.alarmSites[run], alarmGroup: 'A', tagName: tag, text: 'Benchmark update', value: '1' });
      await page.evaluate(() => window.__rowShown);
      updates.push((await scriptSeconds()) - before);
      await page.waitForTimeout(500);
    }
    rows.push({ measure: 'alarms: script time of one table update (raise -> row shown, median of 5)', value: round(median(updates) * 1000), unit: 'ms', goal: '≤ 16' });
    return {
      title: `Sites and alarms in Chromium (${SITES} added sites, ${ALARMS} active alarms)`,
      columns: ['measure', 'value', 'unit', 'goal'],
      rows,
      notes: [
        `populating the cloud over HTTP took ${round(world.populateMs / 1000)} s (not measured above)`,
        'script time covers every script run between the raise and the row on screen: the poll answers of all sites, the store update, React rendering.',
      ],
    };
  } finally {
    await browser?.close().catch(() => undefined);
    await cloud.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await sitesAndAlarmsBench();
  for (const row of result.rows) process.stdout.write(`${row.measure}: ${row.value} ${row.unit}${row.goal ? ` (goal ${row.goal})` : ''}\n`);
  for (const note of result.notes) process.stdout.write(`  ${note}\n`);
}
