// What each host page in examples/ and the portal's /sites really transfer, measured in Chromium from
// the network (compressed bytes on the wire, headers aside), beside issue 15's budgets:
//   - before it can run: the requests sent before the page's element was defined (the portal: before
//     the first contentful paint of /sites, for a signed-in user), with an empty browser cache;
//   - in total: after signing in through the page's <varde-session> (the portal: the same load until
//     its site rows show) and until the network is quiet, lazy parts included.
//
//   node bench/pagesInChromium.bench.mjs     (builds server, widgets and portal when dist/ is missing)
//   npm run bench -- pagesInChromium
//
// Environment: BENCH_CHROMIUM (the browser, default /usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startCloud } from './cloudProcess.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const ADMIN = { email: 'admin@varde.test', password: 'demo1234' };
const KB = 1000;

/** Host pages of examples/ and their element; goals in KB of 1,000 bytes (issue 15; the element with its session). */
const HOST_PAGES = [
  { page: 'create-user', tag: 'varde-create-user', goal: 45, totalGoal: 120 },
  { page: 'site-list', tag: 'varde-site-list', goal: 90 },
  { page: 'alarm-table', tag: 'varde-alarm-table', goal: 90 },
  { page: 'rule-editor', tag: 'varde-rule-editor', goal: 90 },
  { page: 'bim-mapper', tag: 'varde-bim-mapper', goal: 90 },
];
const PORTAL_GOAL = 150;

function ensureBuilt() {
  for (const [pkg, marker] of [['server', 'dist/main.js'], ['widgets', 'dist/elements/varde-session.js'], ['portal', 'dist/index.html']]) {
    if (!existsSync(join(root, 'packages', pkg, marker))) execFileSync('npm', ['run', 'build', '-w', `packages/${pkg}`], { cwd: root, stdio: 'ignore' });
  }
}

/**
 * Counts the bytes each response put on the wire (encoded body, headers aside) in one page, and when
 * each request was sent (wall clock, ms), so a total can be cut at a moment the page reports.
 */
async function wireCounter(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Nothing from an earlier page: every measurement starts with an empty cache.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const sentAt = new Map();
  const sizes = new Map();
  const heads = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, wallTime }) => sentAt.has(requestId) || sentAt.set(requestId, wallTime * 1000));
  cdp.on('Network.responseReceived', ({ requestId, response }) => heads.set(requestId, response.encodedDataLength ?? 0));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => sizes.set(requestId, Math.max(0, encodedDataLength - (heads.get(requestId) ?? 0))));
  const sentBefore = (moment) => [...sizes].filter(([id]) => (sentAt.get(id) ?? Infinity) < moment);
  return {
    bytes: () => [...sizes.values()].reduce((total, size) => total + size, 0),
    files: () => sizes.size,
    bytesBefore: (moment) => sentBefore(moment).reduce((total, [, size]) => total + size, 0),
    filesBefore: (moment) => sentBefore(moment).length,
  };
}

/** Records, in the page, when each custom element was defined (wall clock, ms). */
const RECORD_DEFINITIONS = () => {
  const define = customElements.define.bind(customElements);
  window.__vardeDefinedAt = {};
  customElements.define = (name, ...rest) => {
    window.__vardeDefinedAt[name] ??= performance.timeOrigin + performance.now();
    return define(name, ...rest);
  };
};

/** Waits until no request has finished for `quietMs`. */
async function networkQuiet(counter, quietMs = 1500, limitMs = 30_000) {
  const started = Date.now();
  let last = counter.files();
  let lastChange = Date.now();
  while (Date.now() - lastChange < quietMs && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (counter.files() !== last) {
      last = counter.files();
      lastChange = Date.now();
    }
  }
}

async function measureHostPage(browser, url, { page: name, tag }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(RECORD_DEFINITIONS);
    const page = await context.newPage();
    const counter = await wireCounter(page);
    await page.goto(`${url}/examples/${name}/`);
    await page.evaluate((element) => customElements.whenDefined(element), tag);
    // Everything asked for before the element existed (its entry and static imports, the HTML).
    const definedAt = await page.evaluate((element) => window.__vardeDefinedAt[element], tag);
    // The moment itself is inside the entry's evaluation, after every static import arrived.
    const before = { bytes: counter.bytesBefore(definedAt), files: counter.filesBefore(definedAt) };
    const session = page.locator('varde-session');
    await session.locator('[part="sign-in-button"]').click();
    await session.locator('[part="username-input"] input').fill(ADMIN.email);
    await session.locator('[part="password-input"] input').fill(ADMIN.password);
    await session.locator('[part="submit-button"]').click();
    await session.locator('[part="user-name"]').waitFor();
    await networkQuiet(counter);
    return { before, total: { bytes: counter.bytes(), files: counter.files() } };
  } finally {
    await context.close();
  }
}

async function measurePortal(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // Signed in first (through the provider), so the measured load is a returning user's /sites.
    const signIn = await context.newPage();
    await signIn.goto(`${url}/sites`);
    await signIn.locator('#email').fill(ADMIN.email);
    await signIn.locator('#password').fill(ADMIN.password);
    await signIn.locator('button[type=submit]').first().click();
    await signIn.waitForSelector('[data-testid="site-row"]');
    const page = await context.newPage();
    const counter = await wireCounter(page);
    await page.goto(`${url}/sites`);
    await page.waitForSelector('[data-testid="site-row"]');
    const paintedAt = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return paint ? performance.timeOrigin + paint.startTime : Infinity;
    });
    const before = { bytes: counter.bytesBefore(paintedAt), files: counter.filesBefore(paintedAt) };
    await networkQuiet(counter);
    return { before, total: { bytes: counter.bytes(), files: counter.files() } };
  } finally {
    await context.close();
  }
}

const kb = (bytes) => Number((bytes / KB).toFixed(1));

export default async function pagesInChromium() {
  ensureBuilt();
  const cloud = await startCloud([
    '--port', '0', '--memory', '--seed', 'demo', '--simulation', 'off', '--outbox', 'public',
    '--portal', join(root, 'packages/portal/dist'),
    '--static', `/widgets=${join(root, 'packages/widgets/dist/elements')}`,
    '--static', `/examples=${join(root, 'examples')}`,
  ]);
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    const rows = [];
    for (const host of HOST_PAGES) {
      const { before, total } = await measureHostPage(browser, cloud.url, host);
      rows.push({
        page: `examples/${host.page}/`,
        'before run': kb(before.bytes),
        goal: host.goal,
        'meets goal': before.bytes <= host.goal * KB ? 'yes' : 'no',
        'in total': kb(total.bytes),
        'total goal': host.totalGoal ?? '-',
        requests: total.files,
      });
    }
    const portal = await measurePortal(browser, cloud.url);
    rows.push({
      page: 'portal /sites',
      'before run': kb(portal.before.bytes),
      goal: PORTAL_GOAL,
      'meets goal': portal.before.bytes <= PORTAL_GOAL * KB ? 'yes' : 'no',
      'in total': kb(portal.total.bytes),
      'total goal': '-',
      requests: portal.total.files,
    });
    return {
      title: 'Pages in Chromium: KB on the wire (compressed), fresh cache',
      columns: ['page', 'before run', 'goal', 'meets goal', 'in total', 'total goal', 'requests'],
      rows,
      notes: [
        'before run: a host page: what it asked for before its element was defined (HTML, entry, static imports); the portal: before the first contentful paint of /sites.',
        'in total: after signing in (admin) and until the network was quiet for 1.5 s: lazy Shoelace parts, firebase, sockets and the data.',
      ],
    };
  } finally {
    await browser?.close().catch(() => undefined);
    await cloud.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await pagesInChromium();
  for (const row of result.rows) process.stdout.write(`${JSON.stringify(row)}\n`);
}
