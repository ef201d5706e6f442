import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName, type AccessTokens } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { DEMO_SCHEDULE_NAME } from '../src/seed/demoOnCall.js';
import { call, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// On-call schedules over HTTP on the alarms service, on the demo cloud with its clock on Saturday
// 28 Mar 2026 (the demo override then covers the spring-forward night). The demo schedule hands off
// weekly on Mondays 08:00 Oslo time from 5 Jan 2026: the week of 23 Mar is power@'s, of 30 Mar user@'s.
let cloud: Cloud;
let admin: AccessTokens;
let user: AccessTokens;
let nordbygg: AccessTokens;
const site = demoSites()[0]!.uuid; // Fjordvarme's
const alarms = (tokens: AccessTokens, path: string, init: { method?: string; json?: unknown } = {}) =>
  call(cloud, `/cloud/alarms${path}`, { ...init, headers: { authorization: `Bearer ${tokens[serviceHostName('alarms', 'localhost')]!}` } });
const whoAt = async (iso: string) => (await alarms(admin, `/oncall/who?site=${site}&at=${encodeURIComponent(iso)}`)).body;

const goodSchedule = {
  name: 'Natt',
  timeZone: 'Europe/Oslo',
  sites: [site],
  layers: [{ users: ['user@varde.test', 'power@varde.test'], start: '2026-03-23T16:00', rotation: 'FREQ=DAILY', endTime: '08:00' }],
  overrides: [{ user: 'sms@varde.test', from: '2026-04-01T16:00:00+02:00', to: '2026-04-02T08:00:00+02:00' }],
};

beforeAll(async () => {
  cloud = await startCloud({ clock: manualClock(Date.parse('2026-03-28T12:00:00Z')) });
  admin = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
  user = (await signIn(cloud, 'user@varde.test', 'demo1234')).accessTokens;
  nordbygg = (await signIn(cloud, 'admin@nordbygg.test', 'demo1234')).accessTokens;
});
afterAll(() => cloud.close());

describe('who is on call for a site', () => {
  it("names the demo schedule's person by e-mail, the override over the DST night, and the Monday hand-off", async () => {
    const saturday = await whoAt('2026-03-28T06:00:00Z'); // 07:00 CET, before the override
    expect(saturday).toMatchObject({ site, data: [{ schedule: { name: DEMO_SCHEDULE_NAME }, user: 'power@varde.test', source: 'layer' }] });
    expect((await whoAt('2026-03-29T01:30:00Z')).data[0]).toMatchObject({ user: 'power@varde.test', source: 'override', until: '2026-03-29T18:00:00.000Z' });
    expect((await whoAt('2026-03-30T05:59:59Z')).data[0]).toMatchObject({ user: 'power@varde.test', source: 'layer' });
    expect((await whoAt('2026-03-30T06:00:00Z')).data[0]).toMatchObject({ user: 'user@varde.test', from: '2026-03-30T06:00:00.000Z', until: '2026-04-06T06:00:00.000Z' });
    // The fall-back night: the hand-off of Monday 26 Oct is at 08:00 CET, 07:00 UTC (week 41 is power@'s, week 42 user@'s).
    expect((await whoAt('2026-10-25T01:30:00Z')).data[0].user).toBe('power@varde.test');
    expect((await whoAt('2026-10-26T06:59:59Z')).data[0].user).toBe('power@varde.test');
    expect((await whoAt('2026-10-26T07:00:00Z')).data[0].user).toBe('user@varde.test');
  });

  it('answers now by the cloud clock without at, and 400 for a bad at or no site', async () => {
    expect((await alarms(admin, `/oncall/who?site=${site}`)).body.at).toBe('2026-03-28T12:00:00.000Z');
    const bad = await alarms(admin, `/oncall/who?site=${site}&at=tomorrow`);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^at:/);
    expect((await alarms(admin, '/oncall/who')).status).toBe(400);
  });
});

describe('a schedule made, read, changed and deleted', () => {
  it('round-trips people by e-mail and answers its timeline', async () => {
    const created = await alarms(admin, '/oncall/schedules', { method: 'POST', json: goodSchedule });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Natt', sites: [site], layers: [{ users: ['user@varde.test', 'power@varde.test'] }], overrides: [{ user: 'sms@varde.test', from: '2026-04-01T14:00:00.000Z' }] });
    const id = created.body.id as string;
    expect((await alarms(admin, `/oncall/schedules/${id}`)).body).toEqual(created.body);

    // Nights only: 28 Mar 16:00 CET to 29 Mar 08:00 CEST is 14 hours (6th night: power@).
    const timeline = await alarms(admin, `/oncall/schedules/${id}/timeline?from=2026-03-28T12:00:00Z&to=2026-03-30T12:00:00Z`);
    expect(timeline.body.data).toEqual([
      { user: 'power@varde.test', uid: expect.any(String), from: '2026-03-28T15:00:00.000Z', to: '2026-03-29T06:00:00.000Z' },
      { user: 'user@varde.test', uid: expect.any(String), from: '2026-03-29T14:00:00.000Z', to: '2026-03-30T06:00:00.000Z' },
    ]);
    // Both schedules answer for the site now.
    expect((await whoAt('2026-03-29T01:00:00Z')).data.map((item: { schedule: { name: string }; user: string }) => [item.schedule.name, item.user]))
      .toEqual([[DEMO_SCHEDULE_NAME, 'power@varde.test'], ['Natt', 'power@varde.test']]);

    const replaced = await alarms(admin, `/oncall/schedules/${id}`, { method: 'PUT', json: { ...goodSchedule, name: 'Natt og helg', overrides: [] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: 'Natt og helg', overrides: [] });
    expect((await alarms(admin, `/oncall/schedules/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await alarms(admin, `/oncall/schedules/${id}`)).status).toBe(404);
  });

  it('refuses a user without the notifications or users module (403), after validating nothing', async () => {
    const refused = await alarms(user, '/oncall/schedules', { method: 'POST', json: goodSchedule });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/module/);
    // Anyone of the partner reads the schedules.
    expect((await alarms(user, '/oncall/schedules')).body.data.map((item: { name: string }) => item.name)).toEqual([DEMO_SCHEDULE_NAME]);
  });
});

describe('bad input', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['an unknown time zone', { ...goodSchedule, timeZone: 'Europe/Atlantis' }, /^timeZone: /],
    ['an empty rotation', { ...goodSchedule, layers: [{ ...goodSchedule.layers[0], users: [] }] }, /^layers\.0\.users: .*empty rotation/],
    ['an RRULE that never occurs', { ...goodSchedule, layers: [{ ...goodSchedule.layers[0], rotation: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' }] }, /^layers\.0\.rotation: never occurs/],
    ['an RRULE that is not one', { ...goodSchedule, layers: [{ ...goodSchedule.layers[0], rotation: 'every other tuesday' }] }, /^layers\.0\.rotation: is not an RRULE/],
    ['a start that is not a wall-clock time', { ...goodSchedule, layers: [{ ...goodSchedule.layers[0], start: '2026-03-23T16:00Z' }] }, /^layers\.0\.start: /],
    ['no layers', { ...goodSchedule, layers: [] }, /^layers: /],
    ['overlapping overrides', { ...goodSchedule, overrides: [goodSchedule.overrides[0], { user: 'user@varde.test', from: '2026-04-02T07:00:00+02:00', to: '2026-04-02T09:00:00+02:00' }] }, /^overrides\.1: overlaps overrides\.0/],
    ['an override without an offset', { ...goodSchedule, overrides: [{ ...goodSchedule.overrides[0], from: '2026-04-01T16:00' }] }, /^overrides\.0\.from: /],
    ['an override that ends before it starts', { ...goodSchedule, overrides: [{ ...goodSchedule.overrides[0], to: '2026-04-01T15:00:00+02:00' }] }, /^overrides\.0\.to: must be after from/],
    ['a user of another partner', { ...goodSchedule, layers: [{ ...goodSchedule.layers[0], users: ['user@varde.test', 'admin@nordbygg.test'] }] }, /^layers\.0\.users\.1: admin@nordbygg\.test is not a user of this schedule's partner/],
    ['an unknown user', { ...goodSchedule, overrides: [{ ...goodSchedule.overrides[0], user: 'nobody@varde.test' }] }, /^overrides\.0\.user: no user nobody@varde\.test/],
    ['a site that is not theirs', { ...goodSchedule, sites: [site, demoSites().at(-1)!.uuid] }, /^sites\.1: /],
  ];
  it.each(cases)('answers 400 naming the field for %s, storing nothing', async (_what, body, detail) => {
    const before = (await alarms(admin, '/oncall/schedules')).body.data.length;
    const answer = await alarms(admin, '/oncall/schedules', { method: 'POST', json: body });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(detail);
    expect((await alarms(admin, '/oncall/schedules')).body.data).toHaveLength(before);
  });

  it('names every wrong field at once, in `problems` and in `detail`, for a write and for a check', async () => {
    const body = {
      ...goodSchedule,
      timeZone: 'Europe/Atlantis',
      layers: [{ ...goodSchedule.layers[0], users: ['nobody@varde.test'] }],
      overrides: [{ ...goodSchedule.overrides[0], to: '2026-04-01T15:00:00+02:00' }],
    };
    const problems = [
      { field: 'timeZone', detail: 'Europe/Atlantis is not an IANA time zone' },
      { field: 'layers.0.users.0', detail: 'no user nobody@varde.test' },
      { field: 'overrides.0.to', detail: 'must be after from' },
    ];
    for (const path of ['/oncall/schedules', '/oncall/schedules/check']) {
      const answer = await alarms(admin, path, { method: 'POST', json: body });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toEqual({ detail: problems.map((problem) => `${problem.field}: ${problem.detail}`).join('; '), problems });
    }
  });
});

describe('across partners', () => {
  it("keeps Fjordvarme's schedule from Nordbygg: not listed, 404 by id, 403 on its site", async () => {
    const fjord = (await alarms(admin, '/oncall/schedules')).body.data[0].id as string;
    expect((await alarms(nordbygg, '/oncall/schedules')).body.data).toEqual([]);
    for (const [method, path] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['GET', '/timeline']] as const) {
      const answer = await alarms(nordbygg, `/oncall/schedules/${fjord}${path}`, { method, ...(method === 'PUT' ? { json: goodSchedule } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.detail).toBe(`No schedule ${fjord}`);
    }
    const who = await alarms(nordbygg, `/oncall/who?site=${site}`);
    expect(who.status).toBe(403);
    expect(typeof who.body.detail).toBe('string');
  });
});
