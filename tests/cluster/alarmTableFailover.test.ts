import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { startCluster, type Cluster, type ClusterNode } from '../../scripts/cluster/startCluster.mjs';
import { demoSites } from '../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../packages/server/src/seed/demoUsers.js';
import { signIn } from '../../packages/server/test/helpers/http.js';
import { chromiumLaunchOptions } from '../chromiumLaunch.js';

/**
 * Issue 24, must-show 9: the portal through nginx stays usable while a node is killed. One browser on
 * the alarm table; each of the two nodes is SIGKILLed in turn (so the one holding the table's socket is
 * among them), and an alarm raised on the surviving node appears in the open table without a reload.
 */

let cluster: Cluster;
let browser: Browser;
const user = demoUsers.user;
const site = demoSites().slice(0, 10).find((item) => item.webpmpReady === true)!;

beforeAll(async () => {
  [cluster, browser] = await Promise.all([
    startCluster({ nodes: 2, simulation: 'off', postgresUrl: inject('clusterPostgresUrl') }),
    chromium.launch(chromiumLaunchOptions),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await cluster?.stop();
});

/** Raises an alarm on the user's site through `node` itself (the simulation's controls, as the system admin). */
async function raiseOn(node: ClusterNode, tagName: string): Promise<string> {
  const admin = demoUsers.systemAdmin;
  const tokens = (await signIn(node, admin.email, admin.password)).accessTokens;
  const token = Object.entries(tokens).find(([host]) => host.startsWith('alarms.'))![1];
  const answer = await fetch(`${node.url}/cloud/alarms/simulation/alarms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ siteUuid: site.uuid, alarmGroup: 'A', tagName, text: `Failover ${tagName}`, value: '1' }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

const row = (page: Page, id: string) => page.locator(`[part="row"][data-alarm-id="${id}"]`);

test('the alarm table through nginx shows new alarms without a reload while each node in turn is killed', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${cluster.url}/alarms`);
  await page.waitForURL(/\/cloud\/login\/v2\//, { timeout: 30_000 });
  await page.locator('#email').fill(user.email);
  await page.locator('#password').fill(user.password);
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL(/\/alarms$/, { timeout: 30_000 });
  // A reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));

  const before = await raiseOn(cluster.nodes[0]!, 'FAILOVER-0');
  await row(page, before).waitFor({ timeout: 20_000 });

  const [first, second] = cluster.nodes as [ClusterNode, ClusterNode];
  for (const [killed, survivor] of [[first, second], [second, first]] as const) {
    await killed.kill('SIGKILL');
    const id = await raiseOn(survivor, `FAILOVER-${killed.index}`);
    // The table's socket reconnects through nginx (to the survivor) and the alarm appears: pushed, or at
    // the latest at the next poll.
    await row(page, id).waitFor({ timeout: 30_000 });
    await killed.start();
  }
  await row(page, before).waitFor({ timeout: 5_000 });
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: 'test-results/screens/cluster-alarm-table-after-failover.png' });
});
