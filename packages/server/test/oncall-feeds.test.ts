import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { serviceHostName, type AccessTokens } from '@varde/core/contract';
import { DEMO_SCHEDULE_NAME } from '../src/seed/demoOnCall.js';
import { call, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// Calendar feeds over HTTP: made with a bearer token, read without one (as a phone's calendar does),
// parsed back with ical.js, renewed and revoked. The cloud's clock stands on Wednesday 25 Mar 2026.
let cloud: Cloud;
let user: AccessTokens;
let nordbygg: AccessTokens;
const alarms = (tokens: AccessTokens, path: string, init: { method?: string } = {}) =>
  call(cloud, `/cloud/alarms${path}`, { ...init, headers: { authorization: `Bearer ${tokens[serviceHostName('alarms', 'localhost')]!}` } });
const fetchFeed = (url: string) => fetch(url).then(async (response) => ({ status: response.status, type: response.headers.get('content-type'), text: await response.text() }));
const eventsOf = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((event) => ({
    summary: event.getFirstPropertyValue('summary') as string,
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    uid: event.getFirstPropertyValue('uid') as string,
  }));

beforeAll(async () => {
  cloud = await startCloud({ clock: manualClock(Date.parse('2026-03-25T12:00:00Z')) });
  user = (await signIn(cloud, 'user@varde.test', 'demo1234')).accessTokens;
  nordbygg = (await signIn(cloud, 'admin@nordbygg.test', 'demo1234')).accessTokens;
});
afterAll(() => cloud.close());

describe('calendar feeds', () => {
  it("give a user their own shifts and their partner's schedule as RFC 5545 that ical.js reads, in their language", async () => {
    expect((await alarms(user, '/oncall/feed')).body).toEqual({ active: false, createdAt: null });
    const made = await alarms(user, '/oncall/feed', { method: 'POST' });
    expect(made.status).toBe(201);
    expect(made.body.me).toMatch(new RegExp(`^${cloud.url}/cloud/alarms/oncall/feeds/[A-Za-z0-9_-]{43}/me\\.ics$`));
    expect(made.body.schedules).toEqual([{ id: expect.any(String), name: DEMO_SCHEDULE_NAME, url: expect.stringMatching(/\/schedules\/[0-9a-f-]{36}\.ics$/) }]);
    expect((await alarms(user, '/oncall/feed')).body).toEqual({ active: true, createdAt: '2026-03-25T12:00:00.000Z' });

    const mine = await fetchFeed(made.body.me);
    expect(mine.status).toBe(200);
    expect(mine.type).toBe('text/calendar; charset=utf-8');
    expect(mine.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const line of mine.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const myEvents = eventsOf(mine.text);
    // user@ (Ulla User, Norwegian) has the week of 16 Mar (shown from a week ago) and of 30 Mar: hand-offs at 08:00 Oslo time, winter then summer.
    expect(myEvents.slice(0, 2)).toMatchObject([
      { summary: `${DEMO_SCHEDULE_NAME}: Vakt, Ulla User`, start: '2026-03-18T12:00:00.000Z', end: '2026-03-23T07:00:00.000Z' },
      { summary: `${DEMO_SCHEDULE_NAME}: Vakt, Ulla User`, start: '2026-03-30T06:00:00.000Z', end: '2026-04-06T06:00:00.000Z' },
    ]);
    expect(myEvents.every((event) => event.summary.endsWith('Ulla User'))).toBe(true);

    const schedule = eventsOf((await fetchFeed(made.body.schedules[0].url)).text);
    // The seed's override (power@, Saturday 28 Mar 08:00 CET to Sunday 29 Mar 20:00 CEST) lies inside power@'s own week, so it joins it.
    expect(schedule.slice(0, 3).map((event) => [event.summary, event.start, event.end])).toEqual([
      [`${DEMO_SCHEDULE_NAME}: Vakt, Ulla User`, '2026-03-18T12:00:00.000Z', '2026-03-23T07:00:00.000Z'],
      [`${DEMO_SCHEDULE_NAME}: Vakt, Pål Poweruser`, '2026-03-23T07:00:00.000Z', '2026-03-30T06:00:00.000Z'],
      [`${DEMO_SCHEDULE_NAME}: Vakt, Ulla User`, '2026-03-30T06:00:00.000Z', '2026-04-06T06:00:00.000Z'],
    ]);
    expect(new Set(schedule.map((event) => event.uid)).size).toBe(schedule.length);
  });

  it('stop working when renewed or revoked, and answer 404 for an unknown secret', async () => {
    const first = (await alarms(user, '/oncall/feed', { method: 'POST' })).body;
    const second = (await alarms(user, '/oncall/feed', { method: 'POST' })).body;
    expect((await fetchFeed(first.me)).status).toBe(404);
    expect((await fetchFeed(second.me)).status).toBe(200);
    expect((await alarms(user, '/oncall/feed', { method: 'DELETE' })).status).toBe(204);
    expect((await fetchFeed(second.me)).status).toBe(404);
    expect((await fetchFeed(second.schedules[0].url)).status).toBe(404);
    expect((await fetchFeed(`${cloud.url}/cloud/alarms/oncall/feeds/nonsense/me.ics`)).status).toBe(404);
  });

  it("give another partner's user no schedule of Fjordvarme's, also with the id in the URL", async () => {
    const fjordId = (await alarms(user, '/oncall/schedules')).body.data[0].id as string;
    const theirs = (await alarms(nordbygg, '/oncall/feed', { method: 'POST' })).body;
    expect(theirs.schedules).toEqual([]);
    const tried = await fetchFeed(theirs.me.replace('/me.ics', `/schedules/${fjordId}.ics`));
    expect(tried.status).toBe(404);
    expect(tried.text).not.toContain(DEMO_SCHEDULE_NAME);
  });
});
