import { afterAll, beforeAll, expect, test } from 'vitest';
import { alarmReportResponse, listControllersResponse, type SignedIn } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';

let cloud: Cloud;
let user: SignedIn;
let sysadmin: SignedIn;
const sites = demoSites();

beforeAll(async () => {
  cloud = await startCloud();
  [user, sysadmin] = await Promise.all([signInDemo(cloud, 'user'), signInDemo(cloud, 'systemAdmin')]);
});
afterAll(() => cloud.close());

test('the demo has at least 50 sites across Norway: online, offline, unavailable, 4.0 and older', async () => {
  const answer = await callAs(cloud, sysadmin, 'controllers-api', '/controllers');
  const all = listControllersResponse.parse(answer.body).data;
  expect(all.length).toBeGreaterThanOrEqual(50);
  expect(new Set(all.map((site) => site.webpmpReady))).toEqual(new Set([true, false, null]));
  expect(all.some((site) => site.version === '4.0')).toBe(true);
  expect(all.some((site) => site.version !== '4.0' && Number(site.version) < 4)).toBe(true);
  for (const site of all) {
    expect(site.latitude).toBeGreaterThan(57.9);
    expect(site.latitude).toBeLessThan(71.2);
    expect(site.longitude).toBeGreaterThan(4.5);
    expect(site.longitude).toBeLessThan(31.2);
  }
});

test('each user sees only their sites, in pages', async () => {
  const answer = await callAs(cloud, user, 'controllers-api', '/controllers?controllers=controllers&offset=0&limit=4&rules=True');
  expect(answer.status).toBe(200);
  const page = listControllersResponse.parse(answer.body).data;
  expect(page).toHaveLength(4);
  expect(page.every((site) => site.rules === 0)).toBe(true);
  const all = listControllersResponse.parse((await callAs(cloud, user, 'controllers-api', '/controllers')).body).data;
  expect(all.map((site) => site.uuid).sort()).toEqual(sites.slice(0, 10).map((site) => site.uuid).sort());
  const next = listControllersResponse.parse(
    (await callAs(cloud, user, 'controllers-api', '/controllers?offset=4&limit=10')).body,
  ).data;
  expect([...page, ...next].map((site) => site.uuid)).toEqual(all.map((site) => site.uuid));
  const administered = await callAs(cloud, user, 'controllers-api', '/controllers?controllers=adminControllers');
  expect(administered.body).toEqual({ data: [] });
});

test('a system admin pages through every site by name, as one list would be cut', async () => {
  const list = async (query: string) => listControllersResponse.parse((await callAs(cloud, sysadmin, 'controllers-api', `/controllers${query}`)).body).data;
  const all = await list('');
  const pages = [await list('?offset=0&limit=7'), await list('?offset=7&limit=13'), await list(`?offset=20&limit=${all.length}`)];
  expect(pages.flat().map((site) => site.uuid)).toEqual(all.map((site) => site.uuid));
  expect(await list(`?offset=${all.length}&limit=10`)).toEqual([]);
  expect((await list('?controllers=adminControllers&offset=3&limit=5')).map((site) => site.uuid)).toEqual(all.slice(3, 8).map((site) => site.uuid));
});

test('alarmReport: the latest alarm and the unacked count of a visible site', async () => {
  // Site 0 has a seeded active alarm (every third site does).
  const answer = await callAs(cloud, user, 'controllers-api', `/controllers/${sites[0]!.uuid}/alarmReport`);
  expect(answer.status).toBe(200);
  const report = alarmReportResponse.parse(answer.body).data;
  expect(report.latestAlarm).toMatchObject({ inactive: null, alarm_group: 'A' });
  expect(report.unacked).toBeGreaterThanOrEqual(1);

  const raised = await cloud.context.alarms.raise({ siteUuid: sites[1]!.uuid, alarmGroup: 'C', tagName: 'TEST1', text: 'Test' });
  const second = alarmReportResponse.parse((await callAs(cloud, user, 'controllers-api', `/controllers/${sites[1]!.uuid}/alarmReport`)).body).data;
  expect(second.latestAlarm).toEqual({ active: raised.active, inactive: null, alarm_group: 'C', name: 'TEST1' });
  await cloud.context.alarms.clear(raised.id);
  const cleared = alarmReportResponse.parse((await callAs(cloud, user, 'controllers-api', `/controllers/${sites[1]!.uuid}/alarmReport`)).body).data;
  expect(cleared.latestAlarm?.inactive).toEqual(expect.any(String));
});

test('alarmReport: 403 for another user\'s site, 404 for no site, 401 without a token', async () => {
  const foreign = await callAs(cloud, user, 'controllers-api', `/controllers/${sites[40]!.uuid}/alarmReport`);
  expect(foreign.status).toBe(403);
  expect(foreign.body.detail).toEqual(expect.any(String));
  const missing = await callAs(cloud, user, 'controllers-api', '/controllers/no-such-site/alarmReport');
  expect(missing.status).toBe(404);
  const anonymous = await fetch(`${cloud.url}/cloud/controllers-api/controllers/${sites[0]!.uuid}/alarmReport`);
  expect(anonymous.status).toBe(401);
});
