import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmEscalationLog,
  calendarFeed,
  createEscalationPolicy,
  createHttpClient,
  createSchedule,
  deleteEscalationPolicy,
  deleteSchedule,
  HttpError,
  listEscalationPolicies,
  listSchedules,
  login,
  renewCalendarFeed,
  replaceEscalationPolicy,
  replaceSchedule,
  revokeCalendarFeed,
  scheduleTimeline,
  type AccessTokens,
  type HttpClient,
} from './support.js';
import { demoSites } from '../../server/src/seed/demoSites.js';
import { manualClock } from '../../server/test/helpers/manualClock.js';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';

/** core's on-call and escalation calls against the reference cloud (with its test clock) over real HTTP. */
let cloud: Cloud;
const T0 = Date.parse('2026-03-25T01:00:00Z');

beforeAll(async () => {
  cloud = await startCloud({ testClock: true, clock: manualClock(T0) });
});
afterAll(() => cloud.close());

async function clientFor(user: { email: string; password: string }): Promise<HttpClient> {
  let tokens: AccessTokens | null = null;
  const http = createHttpClient({ baseUrlFor: (service) => `${cloud.url}/cloud/${service}`, accessTokens: () => tokens });
  const answer = await login(http, { piscadaId: user.email, password: user.password });
  if (answer.requireSmsValidation) throw new Error('unexpected SMS step');
  tokens = answer.accessTokens;
  return http;
}

const failure = (error: unknown) => (error instanceof HttpError ? { status: error.status, detail: error.detail } : error);

describe('on-call client', () => {
  it('lists, makes, changes and deletes schedules, with their timeline; bad input is 400 naming the field', async () => {
    const http = await clientFor(demoUsers.admin);
    const [demo] = await listSchedules(http);
    expect(demo).toMatchObject({ name: 'Driftsvakt Fjordvarme', timeZone: 'Europe/Oslo', sites: null });
    expect(demo!.layers[0]!.users).toEqual(['user@varde.test', 'power@varde.test']);

    const timeline = await scheduleTimeline(http, demo!.id, { from: T0, to: T0 + 14 * 86_400_000 });
    expect(timeline.schedule.name).toBe('Driftsvakt Fjordvarme');
    expect(timeline.data.length).toBeGreaterThan(1);
    expect(timeline.data[0]!.from).toBe(new Date(T0).toISOString());

    const made = await createSchedule(http, { name: 'Nights', timeZone: 'Europe/Oslo', layers: [{ users: ['user@varde.test'], start: '2026-03-02T16:00', rotation: 'daily', endTime: '08:00' }] });
    expect(made).toMatchObject({ name: 'Nights', overrides: [] });
    const changed = await replaceSchedule(http, made.id, {
      name: 'Nights', timeZone: 'Europe/Oslo', layers: made.layers,
      overrides: [{ user: 'power@varde.test', from: '2026-03-27T16:00:00+01:00', to: '2026-03-28T08:00:00+01:00' }],
    });
    expect(changed.overrides).toEqual([{ user: 'power@varde.test', from: '2026-03-27T15:00:00.000Z', to: '2026-03-28T07:00:00.000Z' }]);
    const bad = await createSchedule(http, { name: 'X', timeZone: 'Europe/Atlantis', layers: made.layers }).catch(failure);
    expect(bad).toMatchObject({ status: 400, detail: expect.stringMatching(/^timeZone: /) });
    await deleteSchedule(http, made.id);
    expect((await listSchedules(http)).map((schedule) => schedule.name)).toEqual(['Driftsvakt Fjordvarme']);

    const other = await clientFor(demoUsers.partnerUser);
    expect(await listSchedules(other)).toEqual([]);
    expect(await scheduleTimeline(other, demo!.id).catch(failure)).toMatchObject({ status: 404 });
  });

  it('makes, renews and revokes calendar feed links', async () => {
    const http = await clientFor(demoUsers.user);
    expect(await calendarFeed(http)).toEqual({ active: false, createdAt: null });
    const urls = await renewCalendarFeed(http);
    expect(urls.me).toMatch(/\/cloud\/alarms\/oncall\/feeds\/[^/]+\/me\.ics$/);
    expect(urls.schedules.map((schedule) => schedule.name)).toEqual(['Driftsvakt Fjordvarme']);
    const feed = await fetch(urls.me);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    expect((await calendarFeed(http)).active).toBe(true);
    await revokeCalendarFeed(http);
    expect((await fetch(urls.me)).status).toBe(404);
  });

  it('lists, makes, changes and deletes escalation policies', async () => {
    const http = await clientFor(demoUsers.admin);
    const [demo] = await listEscalationPolicies(http);
    expect(demo).toMatchObject({ priorities: ['A'], repeat: 1 });
    const made = await createEscalationPolicy(http, { name: 'Class C', priorities: ['C'], steps: [{ afterMinutes: 0, targets: [{ user: 'user@varde.test' }], channels: ['mail'] }] });
    expect(made).toMatchObject({ name: 'Class C', sites: null, repeat: 0, steps: [{ targets: [{ user: 'user@varde.test' }] }] });
    const changed = await replaceEscalationPolicy(http, made.id, { ...made, steps: [...made.steps, { afterMinutes: 10, targets: [demo!.steps[0]!.targets[0]!], channels: ['sms', 'mail'] }] });
    expect(changed.steps).toHaveLength(2);
    const bad = await createEscalationPolicy(http, { name: 'Bad', priorities: ['A'], steps: [{ afterMinutes: 2000, targets: [{ user: 'user@varde.test' }], channels: ['mail'] }] }).catch(failure);
    expect(bad).toMatchObject({ status: 400, detail: expect.stringMatching(/^steps\.0\.afterMinutes: /) });
    await deleteEscalationPolicy(http, made.id);
    expect((await listEscalationPolicies(http)).map((policy) => policy.id)).toEqual([demo!.id]);
  });

  it("reads an alarm's escalation log: who was told when, by which channel", async () => {
    const sysadmin = await clientFor(demoUsers.systemAdmin);
    const site = demoSites()[0]!;
    const raised = await sysadmin.request<{ data: { id: string } }>('alarms', '/simulation/alarms', { method: 'POST', body: { siteUuid: site.uuid, alarmGroup: 'A', tagName: 'CORE-ESC', text: 'Natt' } });
    await sysadmin.request('alarms', '/test-clock/advance', { method: 'POST', body: { minutes: 1 } });
    const admin = await clientFor(demoUsers.admin);
    const log = await alarmEscalationLog(admin, raised.data.id);
    expect(log.filter((line) => line.outcome === 'sent').map((line) => [line.step, line.username, line.channel])).toContainEqual([0, 'power@varde.test', 'mail']);
    expect(await alarmEscalationLog(await clientFor(demoUsers.partnerUser), raised.data.id).catch(failure)).toMatchObject({ status: 403 });
  });
});
