import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName, type AccessTokens } from '@varde/core/contract';
import { createEscalationEngine, type EscalationEngine } from '../src/escalation/escalationEngine.js';
import { createPolicyStore } from '../src/escalation/policyStore.js';
import { createScheduleStore } from '../src/oncall/scheduleStore.js';
import { DEMO_POLICY_NAME } from '../src/seed/demoEscalations.js';
import { demoSites } from '../src/seed/demoSites.js';
import { call, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// Escalations on the demo cloud, moved by its test clock (never by sleeping). The demo policy takes
// class A alarms on Fjordvarme's sites: step 1 at once to whoever "Driftsvakt Fjordvarme" puts on call,
// step 2 after 5 minutes to the other one, the whole once more 5 minutes later. In the week of 23 Mar 2026
// power@ is on call and user@ is the backup; neither has a phone number, so each SMS is skipped and logged.
const MINUTE = 60_000;
const clock = manualClock(Date.parse('2026-03-25T01:00:00Z')); // Wednesday 02:00 in Oslo
let cloud: Cloud;
let admin: AccessTokens;
let nordbygg: AccessTokens;
let engine: EscalationEngine;
const sites = demoSites();
const engineOn = (outbox = cloud.context.outbox) => {
  const { db } = cloud.context;
  return createEscalationEngine({ ...cloud.context, outbox }, { policies: createPolicyStore(db, clock), schedules: createScheduleStore(db, clock) });
};
const alarmsApi = (tokens: AccessTokens, path: string, init: { method?: string; json?: unknown } = {}) =>
  call(cloud, `/cloud/alarms${path}`, { ...init, headers: { authorization: `Bearer ${tokens[serviceHostName('alarms', 'localhost')]!}` } });
/** Tokens live by the cloud clock, which these tests move by hours: sign in again before using the API. */
const signInAgain = async () => {
  admin = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
};
const mailsAbout = async (tag: string) =>
  (await cloud.context.outbox.list({ since: Date.parse('2026-01-01T00:00:00Z') })).filter((message) => message.body.includes(tag)).reverse();
const logOf = async (alarmId: string) => (await alarmsApi(admin, `/escalations/alarms/${alarmId}`)).body.data as Array<Record<string, unknown>>;

beforeAll(async () => {
  cloud = await startCloud({ clock });
  // The cloud's own leader runs escalations on a timer too; these tests tick an engine of their own, and
  // every step is sent once however many engines tick (that is the point of the claim).
  engine = engineOn();
  admin = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
  nordbygg = (await signIn(cloud, 'admin@nordbygg.test', 'demo1234')).accessTokens;
});
afterAll(() => cloud.close());

describe('the demo policy', () => {
  it('is listed with its site binding and steps', async () => {
    const policies = (await alarmsApi(admin, '/escalations/policies')).body.data;
    expect(policies).toMatchObject([{ name: DEMO_POLICY_NAME, sites: null, priorities: ['A'], repeat: 1, steps: [{ afterMinutes: 0 }, { afterMinutes: 5 }] }]);
    expect((await alarmsApi(nordbygg, '/escalations/policies')).body.data).toEqual([]);
    expect((await alarmsApi(nordbygg, `/escalations/policies/${policies[0].id}`)).status).toBe(404);
  });

  it('sends step 1 to whoever is on call at 02:00, step 2 to the backup 5 minutes later, and stops at the acknowledgement', async () => {
    const alarm = await cloud.context.alarms.raise({ siteUuid: sites[0]!.uuid, alarmGroup: 'A', tagName: 'ESC-1', text: 'Tur for høy' });
    expect(await engine.tick()).toEqual({ started: 1, ran: 1 });
    let mails = await mailsAbout('ESC-1');
    expect(mails.map((mail) => mail.to)).toEqual(['power@varde.test']);
    expect(mails[0]!.subject).toBe(`Alarm A på ${sites[0]!.name}: ESC-1`);
    expect(mails[0]!.body).toContain('Tur for høy');

    clock.advance(4 * MINUTE + 59_000);
    expect(await engine.tick()).toEqual({ started: 0, ran: 0 });
    clock.advance(1000);
    expect((await engine.tick()).ran).toBe(1);
    mails = await mailsAbout('ESC-1');
    expect(mails.map((mail) => mail.to)).toEqual(['power@varde.test', 'user@varde.test']);

    await cloud.context.alarms.acknowledge(alarm.id, 'power@varde.test');
    clock.advance(30 * MINUTE);
    await engine.tick();
    expect((await mailsAbout('ESC-1')).map((mail) => mail.to)).toEqual(['power@varde.test', 'user@varde.test']);
    await signInAgain();
    const log = await logOf(alarm.id);
    expect(log.map((line) => [line.round, line.step, line.username, line.channel, line.outcome, line.reason])).toEqual([
      [0, 0, 'power@varde.test', 'mail', 'sent', null],
      [0, 0, 'power@varde.test', 'sms', 'skipped', 'missing-phone-number'],
      [0, 1, 'user@varde.test', 'mail', 'sent', null],
      [0, 1, 'user@varde.test', 'sms', 'skipped', 'missing-phone-number'],
      [1, 0, null, null, 'stopped', 'acknowledged'],
    ]);
  });

  it('repeats the whole policy once when nobody acknowledges, then stops', async () => {
    const alarm = await cloud.context.alarms.raise({ siteUuid: sites[1]!.uuid, alarmGroup: 'A', tagName: 'ESC-2', text: 'Pumpe stoppet' });
    for (let minute = 0; minute <= 40; minute += 1) {
      await engine.tick();
      clock.advance(MINUTE);
    }
    // Round 1 at 0 and 5 minutes, round 2 at 10 and 15.
    expect((await mailsAbout('ESC-2')).map((mail) => [mail.to, mail.createdAt - Date.parse(String(alarm.active))])).toEqual([
      ['power@varde.test', 0], ['user@varde.test', 5 * MINUTE], ['power@varde.test', 10 * MINUTE], ['user@varde.test', 15 * MINUTE],
    ]);
  });

  it('takes no class B alarm and no alarm of a site it does not bind', async () => {
    await cloud.context.alarms.raise({ siteUuid: sites[0]!.uuid, alarmGroup: 'B', tagName: 'ESC-B', text: 'B' });
    const nordbyggSite = sites.at(-1)!.uuid;
    await cloud.context.alarms.raise({ siteUuid: nordbyggSite, alarmGroup: 'A', tagName: 'ESC-NB', text: 'Nordbygg' });
    await engine.tick();
    expect(await mailsAbout('ESC-B')).toEqual([]);
    expect(await mailsAbout('ESC-NB')).toEqual([]);
  });
});

describe('exactly once', () => {
  it('sends each step once when two engines tick at the same time', async () => {
    const other = engineOn();
    const alarm = await cloud.context.alarms.raise({ siteUuid: sites[2]!.uuid, alarmGroup: 'A', tagName: 'ESC-TWO', text: 'To noder' });
    await Promise.all([engine.tick(), other.tick(), engine.tick(), other.tick()]);
    // The alarm store may stamp a raise a few ms after the clock (each change of an alarm gets its own time).
    clock.advance(5 * MINUTE + 1000);
    await Promise.all([engine.tick(), other.tick()]);
    await signInAgain();
    expect((await logOf(alarm.id)).filter((line) => line.outcome === 'sent')).toHaveLength(2);
    expect((await mailsAbout('ESC-TWO')).map((mail) => mail.to)).toEqual(['power@varde.test', 'user@varde.test']);
  });

  it('sends a step whose node died midway (its transaction rolled back) once, on the next tick', async () => {
    const dying = engineOn({
      ...cloud.context.outbox,
      send: async () => {
        throw new Error('the node died while sending');
      },
    });
    await cloud.context.alarms.raise({ siteUuid: sites[3]!.uuid, alarmGroup: 'A', tagName: 'ESC-DIE', text: 'Død node' });
    await expect(dying.tick()).rejects.toThrow('the node died while sending');
    expect(await mailsAbout('ESC-DIE')).toEqual([]);
    await engine.tick();
    await engine.tick();
    expect((await mailsAbout('ESC-DIE')).map((mail) => mail.to)).toEqual(['power@varde.test']);
  });
});

describe('across the spring-forward night', () => {
  it('asks the schedule at each step, so a hand-off at 03:30 CEST between the steps changes who is told', async () => {
    await signInAgain();
    // A daily 02:30 hand-off (02:30 does not exist on 29 Mar: it happens at 03:30 CEST, 01:30 UTC).
    const schedule = await alarmsApi(admin, '/oncall/schedules', {
      method: 'POST', json: { name: 'Nattvakt', timeZone: 'Europe/Oslo', sites: [sites[4]!.uuid], layers: [{ users: ['user@varde.test', 'power@varde.test'], start: '2026-03-27T02:30', rotation: 'daily' }] },
    });
    expect(schedule.status).toBe(201);
    const policy = await alarmsApi(admin, '/escalations/policies', {
      method: 'POST',
      json: { name: 'Natt B', sites: [sites[4]!.uuid], priorities: ['b'], steps: [{ afterMinutes: 0, targets: [{ schedule: schedule.body.id }], channels: ['mail'] }, { afterMinutes: 5, targets: [{ schedule: schedule.body.id }], channels: ['mail'] }] },
    });
    expect(policy.status).toBe(201);
    clock.advance(Date.parse('2026-03-29T01:25:00Z') - clock.now()); // 03:25 CEST
    await cloud.context.alarms.raise({ siteUuid: sites[4]!.uuid, alarmGroup: 'B', tagName: 'ESC-DST', text: 'Sommertid' });
    await engine.tick();
    clock.advance(5 * MINUTE); // 03:30 CEST: the hand-off of the 29th (27th: user@, 28th: power@, 29th: user@)
    await engine.tick();
    expect((await mailsAbout('ESC-DST')).map((mail) => mail.to)).toEqual(['power@varde.test', 'user@varde.test']);
  });
});

describe('bad policies', () => {
  const step = { afterMinutes: 0, targets: [{ user: 'user@varde.test' }], channels: ['mail'] };
  const good = { name: 'P', priorities: ['A'], steps: [step] };
  const cases: Array<[string, unknown, RegExp]> = [
    ['a step with no targets', { ...good, steps: [{ ...step, targets: [] }] }, /^steps\.0\.targets: a step needs at least one target/],
    ['a delay over 1440 minutes', { ...good, steps: [{ ...step, afterMinutes: 1441 }] }, /^steps\.0\.afterMinutes: must be 0 to 1440 minutes/],
    ['a negative delay', { ...good, steps: [{ ...step, afterMinutes: -1 }] }, /^steps\.0\.afterMinutes: /],
    ['more than 20 steps', { ...good, steps: Array.from({ length: 21 }, () => step) }, /^steps: at most 20 steps/],
    ['a user of another partner', { ...good, steps: [{ ...step, targets: [{ user: 'drift@nordbygg.test' }] }] }, /^steps\.0\.targets\.0\.user: drift@nordbygg\.test is not a user of this policy's partner/],
    ['an unknown schedule', { ...good, steps: [{ ...step, targets: [{ schedule: 'nope' }] }] }, /^steps\.0\.targets\.0\.schedule: no schedule nope/],
    ['steps out of order', { ...good, steps: [{ ...step, afterMinutes: 10 }, step] }, /^steps\.1\.afterMinutes: comes before steps\.0/],
    ['no alarm class', { ...good, priorities: [] }, /^priorities: /],
  ];
  it.each(cases)('answer 400 naming the field for %s, storing nothing', async (_what, body, detail) => {
    await signInAgain();
    const before = (await alarmsApi(admin, '/escalations/policies')).body.data.length;
    const answer = await alarmsApi(admin, '/escalations/policies', { method: 'POST', json: body });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(detail);
    expect((await alarmsApi(admin, '/escalations/policies')).body.data).toHaveLength(before);
  });
});
