import { afterAll, beforeAll, expect, test } from 'vitest';
import { alarmRowResponse, listAlarmsResponse, simulationState, type SignedIn } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

let cloud: Cloud;
let user: SignedIn;
let sysadmin: SignedIn;
const sites = demoSites();
const mine = new Set(sites.slice(0, 10).map((site) => site.uuid));

beforeAll(async () => {
  cloud = await startCloud();
  [user, sysadmin] = await Promise.all([signInDemo(cloud, 'user'), signInDemo(cloud, 'systemAdmin')]);
});
afterAll(() => cloud.close());

test('GET /alarms lists the alarms of the caller\'s sites, newest first, with filters', async () => {
  const all = listAlarmsResponse.parse((await callAs(cloud, user, 'alarms', '/alarms')).body).data;
  expect(all.length).toBeGreaterThan(10);
  expect(all.every((row) => mine.has(row.siteUuid))).toBe(true);
  const times = all.map((row) => Date.parse(row.active));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(new Set(all.filter((row) => row.inactive === null).map((row) => row.alarmGroup))).toEqual(new Set(['A', 'B', 'C']));

  const active = listAlarmsResponse.parse((await callAs(cloud, user, 'alarms', '/alarms?active=true&class=A')).body).data;
  expect(active.length).toBeGreaterThan(0);
  expect(active.every((row) => row.inactive === null && row.alarmGroup === 'A')).toBe(true);
  const byName = listAlarmsResponse.parse(
    (await callAs(cloud, user, 'alarms', `/alarms?site=${encodeURIComponent(sites[0]!.name.toUpperCase())}`)).body,
  ).data;
  expect(byName.length).toBeGreaterThan(0);
  expect(byName.every((row) => row.siteUuid === sites[0]!.uuid)).toBe(true);
  const foreign = listAlarmsResponse.parse((await callAs(cloud, user, 'alarms', `/alarms?site=${sites[45]!.uuid}`)).body).data;
  expect(foreign).toEqual([]);
  expect((await callAs(cloud, user, 'alarms', '/alarms?active=maybe')).status).toBe(400);
});

test('a system admin raises and clears alarms over HTTP; since= returns only what changed', async () => {
  const before = Date.now() - 1;
  const raised = await callAs(cloud, sysadmin, 'alarms', '/simulation/alarms', {
    json: { siteUuid: sites[2]!.uuid, alarmGroup: 'A', tagName: 'E2E-1', text: '<img src=x onerror=alert(1)>', value: '1' },
  });
  expect(raised.status).toBe(201);
  const row = alarmRowResponse.parse(raised.body).data;
  expect(row).toMatchObject({ siteUuid: sites[2]!.uuid, site: sites[2]!.name, alarmGroup: 'A', inactive: null, acknowledgedBy: null });

  const changed = listAlarmsResponse.parse((await callAs(cloud, user, 'alarms', `/alarms?since=${before}`)).body).data;
  expect(changed.map((item) => item.id)).toEqual([row.id]);

  const acked = await callAs(cloud, user, 'alarms', `/alarms/${row.id}/acknowledge`, { method: 'POST' });
  expect(acked.status).toBe(200);
  expect(acked.body.data.acknowledgedBy).toBe('user@varde.test');
  const cleared = await callAs(cloud, sysadmin, 'alarms', `/simulation/alarms/${row.id}/clear`, { method: 'POST' });
  expect(cleared.body.data.inactive).toEqual(expect.any(String));
  expect((await callAs(cloud, sysadmin, 'alarms', '/simulation/alarms/nope/clear', { method: 'POST' })).status).toBe(404);
});

test('only a system admin drives the simulation; others get 403, bad bodies 400', async () => {
  for (const [method, path, json] of [
    ['GET', '/simulation', undefined],
    ['PUT', '/simulation', { running: false }],
    ['POST', '/simulation/step', { steps: 1 }],
    ['POST', '/simulation/alarms', { siteUuid: sites[0]!.uuid, alarmGroup: 'A', tagName: 'X' }],
  ] as const) {
    const answer = await callAs(cloud, user, 'alarms', path, { method, ...(json ? { json } : {}) });
    expect(answer.status, `${method} ${path}`).toBe(403);
  }
  expect((await callAs(cloud, sysadmin, 'alarms', '/simulation/step', { json: { steps: 0 } })).status).toBe(400);
  expect((await callAs(cloud, sysadmin, 'alarms', '/simulation/alarms', { json: { siteUuid: 'nope', alarmGroup: 'A', tagName: 'X' } })).status).toBe(404);
  let foreignAlarm: string | undefined;
  for (const id of await cloud.context.alarms.activeIds()) {
    if (!mine.has((await cloud.context.alarms.byId(id))!.siteUuid)) {
      foreignAlarm = id;
      break;
    }
  }
  expect(foreignAlarm).toBeDefined();
  const user403 = await callAs(cloud, user, 'alarms', `/alarms/${foreignAlarm}/acknowledge`, { method: 'POST' });
  expect(user403.status).toBe(403);

  const state = simulationState.parse((await callAs(cloud, sysadmin, 'alarms', '/simulation')).body);
  expect(state).toEqual({ running: false, steps: 0 });
  const stepped = await callAs(cloud, sysadmin, 'alarms', '/simulation/step', { json: { steps: 3 } });
  expect(stepped.body).toMatchObject({ running: false, steps: 3, events: expect.any(Array) });
  const started = await callAs(cloud, sysadmin, 'alarms', '/simulation', { method: 'PUT', json: { running: true } });
  expect(started.body).toMatchObject({ running: true });
  const paused = await callAs(cloud, sysadmin, 'alarms', '/simulation', { method: 'PUT', json: { running: false } });
  expect(paused.body).toMatchObject({ running: false });
});

test('a system admin adds a site (a hostile name stays text) and grants it to users', async () => {
  const name = 'Testanlegg <img src=x onerror=alert(1)>';
  const created = await callAs(cloud, sysadmin, 'alarms', '/simulation/sites', { json: { name, version: '3.1', grantTo: ['user@varde.test'] } });
  expect(created.status).toBe(201);
  expect(created.body.data).toMatchObject({ name, version: '3.1', webpmpReady: true });
  const mineNow = (await callAs(cloud, user, 'controllers-api', '/controllers')).body.data as { uuid: string; name: string }[];
  expect(mineNow.find((site) => site.uuid === created.body.data.uuid)?.name).toBe(name);
  expect(await cloud.context.realtime.get(`/controllers/${created.body.data.uuid}/tags/portalStatusText/v`)).toBe('Normal drift');
  expect((await callAs(cloud, user, 'alarms', '/simulation/sites', { json: { name: 'x' } })).status).toBe(403);
  expect((await callAs(cloud, sysadmin, 'alarms', '/simulation/sites', { json: { name: '' } })).status).toBe(400);
  expect((await callAs(cloud, sysadmin, 'alarms', '/simulation/sites', { json: { name: 'x', grantTo: ['nobody@varde.test'] } })).status).toBe(404);
});
