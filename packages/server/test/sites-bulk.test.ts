import { afterAll, beforeAll, expect, test } from 'vitest';
import { listAlarmsResponse, listControllersResponse, type SignedIn } from '@varde/core/contract';
import { parseCloudArgs } from '../src/cliArgs.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** Benchmark data: 10,000 more sites and 5,000 more active alarms (varde-cloud --bulk-sites 10000). */
let cloud: Cloud;
let sysadmin: SignedIn;

beforeAll(async () => {
  cloud = await startCloud({ bulkSites: 10_000 });
  sysadmin = await signInDemo(cloud, 'systemAdmin');
}, 60_000);
afterAll(() => cloud.close());

test('a system admin pages through 10,060 sites; 5,000 extra alarms are active', async () => {
  const first = listControllersResponse.parse((await callAs(cloud, sysadmin, 'controllers-api', '/controllers?offset=0&limit=15')).body).data;
  expect(first).toHaveLength(15);
  const last = listControllersResponse.parse((await callAs(cloud, sysadmin, 'controllers-api', '/controllers?offset=10050&limit=100')).body).data;
  expect(last).toHaveLength(10);
  const active = listAlarmsResponse.parse((await callAs(cloud, sysadmin, 'alarms', '/alarms?active=true&limit=5000')).body).data;
  expect(active).toHaveLength(5000);
  expect((await cloud.context.alarms.activeIds()).length).toBeGreaterThanOrEqual(5000);
  expect(await cloud.context.realtime.get(`/controllers/${last[0]!.uuid}/tags/portalStatusText/v`)).toEqual(expect.any(String));
});

test('--bulk-sites N on the command line', () => {
  expect(parseCloudArgs(['--bulk-sites', '10000'], {}, '/')).toMatchObject({ options: { bulkSites: 10000 } });
  expect(parseCloudArgs(['--bulk-sites', 'many'], {}, '/')).toMatchObject({ kind: 'error' });
});
