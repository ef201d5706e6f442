import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptSite } from '../src/controllers/keptSites.js';
import { setSiteReady } from '../src/controllers/sites.js';
import { demoSites } from '../src/seed/demoSites.js';
import { inTransaction } from '../src/storage/transaction.js';
import type { SignedIn } from '@varde/core/contract';
import { callAs, signInDemo } from './helpers/siteTestKit.js';
import { startCloud, testEngine, type Cloud } from './helpers/startCloud.js';

/**
 * The sites requests name are kept on each node (controllers/keptSites.ts, issue 40): a site's page then
 * sends no statement, and a site's change is seen at the very next request on the node that made it
 * (cluster-caller.test.ts: on another node within a second).
 */
describe(`a kept site on ${testEngine()} never outlives a change`, () => {
  let cloud: Cloud;
  const statements: string[] = [];
  let user: SignedIn;
  let sysadmin: SignedIn;
  const site = demoSites()[0]!.uuid;
  const page = async () => {
    const answer = await callAs(cloud, user, 'controllers-api', `/controllers/${site}`);
    expect(answer.status).toBe(200);
    return answer.body.data as { uuid: string; webpmpReady: boolean | null };
  };
  const connect = async (webpmpReady: boolean | null) =>
    expect((await callAs(cloud, sysadmin, 'alarms', `/simulation/sites/${site}/connection`, { json: { webpmpReady } })).status).toBe(200);

  beforeAll(async () => {
    cloud = await startCloud({ onStatement: (sql) => statements.push(sql) });
    [user, sysadmin] = await Promise.all([signInDemo(cloud, 'admin'), signInDemo(cloud, 'systemAdmin')]);
  });
  afterAll(() => cloud.close());

  it("a warm site page sends no statement, and the site's change shows at the next request", async () => {
    await connect(true);
    await page();
    const counts: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      statements.length = 0;
      expect((await page()).webpmpReady).toBe(true);
      counts.push(statements.length);
    }
    // The fewest of three: a timer of the cloud's may send one meanwhile.
    expect(Math.min(...counts)).toBe(0);
    await connect(false);
    expect((await page()).webpmpReady).toBe(false);
    await connect(true);
    expect((await page()).webpmpReady).toBe(true);
  });

  it('keeps nothing read inside a transaction (a rollback would leave it), nor a site that is not there', async () => {
    const ctx = cloud.context;
    await page();
    await inTransaction(ctx.db, async (tx) => {
      await setSiteReady(tx.db, site, null);
      expect((await keptSite({ db: tx.db, keptRows: ctx.keptRows }, site))?.webpmpReady).toBeNull();
      throw new Error('roll back');
    }).catch((error: Error) => expect(error.message).toBe('roll back'));
    expect((await keptSite(ctx, site))?.webpmpReady).toBe(true);
    expect((await page()).webpmpReady).toBe(true);

    expect(await keptSite(ctx, 'no-such-site')).toBeNull();
    statements.length = 0;
    expect(await keptSite(ctx, 'no-such-site')).toBeNull();
    expect(statements.length).toBe(1);
  });

  it("hands each request a copy: a route's change to its site reaches nobody else", async () => {
    const first = (await keptSite(cloud.context, site))!;
    first.name = 'changed by a route';
    expect((await keptSite(cloud.context, site))!.name).not.toBe('changed by a route');
  });
});
