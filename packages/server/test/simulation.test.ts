import { afterAll, beforeAll, expect, test } from 'vitest';
import { realtimePaths } from '@varde/core/contract';
import { siteByUuid } from '../src/controllers/sites.js';
import type { SimulationEvent } from '../src/simulation/simulation.js';
import { demoSites } from '../src/seed/demoSites.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

const clock = manualClock(Date.UTC(2025, 0, 15, 8, 0));
/**
 * For the tests that take hundreds of steps: a step writes every demo site's tags and statuses, a few
 * hundred statements that PostgreSQL answers one round trip at a time (a minute under load, against
 * seconds in SQLite). Not a speed check: the simulation's own pace is a step every few seconds.
 */
const MANY_STEPS_TIMEOUT = 180_000;
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud({ clock });
});
afterAll(() => cloud.close());

test('paused by default: nothing changes until stepped', async () => {
  const before = await cloud.context.alarms.activeIds();
  clock.advance(60 * 60_000);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(cloud.context.simulation.state()).toEqual({ running: false, steps: 0 });
  expect(await cloud.context.alarms.activeIds()).toEqual(before);
});

test('steps raise alarms of classes A, B and C and clear them, at the clock\'s time', async () => {
  const events = [];
  for (let i = 0; i < 200; i += 1) {
    clock.advance(5_000);
    events.push(...(await cloud.context.simulation.step()));
  }
  const raised = events.filter((event) => event.kind === 'alarm-raised');
  const cleared = events.filter((event) => event.kind === 'alarm-cleared');
  expect(raised.length).toBeGreaterThan(50);
  expect(cleared.length).toBeGreaterThan(20);
  const classes = new Set<string | false>();
  for (const event of raised) classes.add('alarmId' in event && (await cloud.context.alarms.byId(event.alarmId))!.alarmGroup);
  expect(classes).toEqual(new Set(['A', 'B', 'C']));
  const last = raised.at(-1)!;
  const row = 'alarmId' in last ? (await cloud.context.alarms.byId(last.alarmId))! : null;
  expect(Date.parse(row!.active)).toBeLessThanOrEqual(clock.now() + 1000);
  expect(Date.parse(row!.active)).toBeGreaterThan(clock.now() - 1000 * 1000);
  expect(cloud.context.simulation.state().steps).toBe(200);
}, MANY_STEPS_TIMEOUT);

test('sites drop off and come back; webpmpReady and the realtime status tags change together', async () => {
  // Up to 300 steps, until a site has dropped off and one has come back, a status and a tag have changed.
  const events: SimulationEvent[] = [];
  const seen = (kind: SimulationEvent['kind']) => events.some((event) => event.kind === kind);
  for (let steps = 0; steps < 300 && !(['site-offline', 'site-online', 'status-changed', 'tag-changed'] as const).every(seen); steps += 1) {
    events.push(...(await cloud.context.simulation.step()));
  }
  const offline = events.filter((event) => event.kind === 'site-offline');
  const online = events.filter((event) => event.kind === 'site-online');
  expect(offline.length).toBeGreaterThan(0);
  expect(online.length).toBeGreaterThan(0);
  for (const site of demoSites()) {
    const stored = (await siteByUuid(cloud.context.db, site.uuid))!;
    const text = await cloud.context.realtime.get(realtimePaths.portalStatusText(site.uuid));
    const color = await cloud.context.realtime.get(realtimePaths.portalStatusColor(site.uuid));
    if (site.webpmpReady === null) expect(stored.webpmpReady).toBeNull(); // unavailable sites are left alone
    if (stored.webpmpReady === false) expect([text, color]).toEqual(['Ikke tilkoblet', '#757575']);
    if (stored.webpmpReady === true) expect(['Normal drift', 'Vedlikehold']).toContain(text);
  }
  expect(events.some((event) => event.kind === 'status-changed')).toBe(true);
  expect(events.some((event) => event.kind === 'tag-changed')).toBe(true);
}, MANY_STEPS_TIMEOUT);

test('tests raise and clear an alarm on a site through the context', async () => {
  const site = demoSites()[4]!;
  const row = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: 'T1', text: 'x', value: '2' });
  expect((await cloud.context.alarms.report(site.uuid)).latestAlarm).toMatchObject({ name: 'T1', inactive: null, alarm_group: 'B' });
  clock.advance(1000);
  const again = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: 'T1', value: '3' });
  expect(again.id).toBe(row.id); // re-triggered, not a second alarm
  expect(again.value).toBe('3');
  expect((await cloud.context.alarms.clearTag(site.uuid, 'T1'))?.inactive).toEqual(expect.any(String));
  expect(await cloud.context.alarms.clearTag(site.uuid, 'T1')).toBeNull();
});
