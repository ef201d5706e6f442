import { afterAll, beforeAll, expect, test } from 'vitest';
import { alarmReportResponse, type SignedIn } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';

/**
 * Issue 37: the alarm report counts the active alarms, acknowledged or not, with their most severe
 * class: what the alarm cards and the map count, so the site list's badge agrees with them.
 */
let cloud: Cloud;
let user: SignedIn;

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.simulation.stop();
  user = await signInDemo(cloud, 'user');
});
afterAll(() => cloud.close());

test('active counts acknowledged alarms too, names the most severe active class, and drops a cleared one', async () => {
  const site = demoSites()[1]!; // one of the demo user's sites
  const reportOf = async () => alarmReportResponse.parse((await callAs(cloud, user, 'controllers-api', `/controllers/${site.uuid}/alarmReport`)).body).data;
  const before = await reportOf();
  const c = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'C', tagName: 'REPORT-C' });
  const b = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: 'REPORT-B' });
  const raised = await reportOf();
  expect(raised.active).toBe(before.active! + 2);
  expect(['A', 'B']).toContain(raised.activeGroup);

  // Acknowledged, it is still active: the badge keeps counting it, as the cards and the map do.
  await cloud.context.alarms.acknowledge(b.id, 'sysadmin@varde.test', '');
  expect((await reportOf()).active).toBe(before.active! + 2);
  await cloud.context.alarms.clear(b.id);
  await cloud.context.alarms.clear(c.id);
  const cleared = await reportOf();
  expect(cleared.active).toBe(before.active);
  expect(cleared.activeGroup).toBe(before.activeGroup);
});
