import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName, type AccessTokens } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { call, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// A policy step's target "everyone with a role on the site" ({role}), over HTTP with the test clock. On the
// demo, Fjordvarme's Users are user@ (sites 0-9) and sms@ (sites 10-19, with a phone number), its Admin is
// admin@ (sites 0-29), its Guest guest@ (sites 0-4); Nordbygg's Admin and the system admin are of other partners.
let cloud: Cloud;
let sysadmin: AccessTokens;
let admin: AccessTokens;
const site = demoSites()[12]!;
const api = (tokens: AccessTokens, path: string, json?: unknown, method?: string) =>
  call(cloud, `/cloud/alarms${path}`, { ...(method ? { method } : {}), ...(json === undefined ? {} : { json }), headers: { authorization: `Bearer ${tokens[serviceHostName('alarms', 'localhost')]!}` } });
const messagesAbout = async (tag: string) =>
  ((await call(cloud, '/cloud/outbox/messages')).body.data as Array<{ channel: string; to: string; body: string }>).filter((message) => message.body.includes(tag)).map((message) => `${message.channel} ${message.to}`).sort();

beforeAll(async () => {
  cloud = await startCloud({ testClock: true, clock: manualClock(Date.parse('2026-03-25T01:00:00Z')) });
  sysadmin = (await signIn(cloud, 'sysadmin@varde.test', 'demo1234')).accessTokens;
  admin = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
});
afterAll(() => cloud.close());

describe('role targets', () => {
  it("tell everyone of the partner with the role and the alarm's site when the step runs; nobody is a skipped line", async () => {
    const made = await api(admin, '/escalations/policies', {
      name: 'Roles', priorities: ['C'], sites: [site.uuid],
      steps: [
        { afterMinutes: 0, targets: [{ role: 'User' }], channels: ['mail', 'sms'] },
        { afterMinutes: 5, targets: [{ role: 'Guest' }, { role: 'Admin' }], channels: ['mail'] },
      ],
    });
    expect(made.status).toBe(201);
    expect(made.body.steps[0].targets).toEqual([{ role: 'User' }]);
    expect((await api(admin, `/escalations/policies/${made.body.id}`)).body.steps[1].targets).toEqual([{ role: 'Guest' }, { role: 'Admin' }]);

    const raised = await api(sysadmin, '/simulation/alarms', { siteUuid: site.uuid, alarmGroup: 'C', tagName: 'ROLE-1', text: 'Trykkfall' });
    expect(raised.status).toBe(201);
    expect((await api(sysadmin, '/test-clock/advance', { minutes: 1 })).status).toBe(200);
    // Users with site 12: sms@ only (user@ has sites 0-9), by e-mail and by SMS to its number.
    expect(await messagesAbout('ROLE-1')).toEqual(['email sms@varde.test', 'sms +4791234567']);

    expect((await api(sysadmin, '/test-clock/advance', { minutes: 5 })).status).toBe(200);
    // Admins with site 12 of Fjordvarme: admin@ (not Nordbygg's admin, not the system admin); no Guest has it.
    expect(await messagesAbout('ROLE-1')).toEqual(['email admin@varde.test', 'email sms@varde.test', 'sms +4791234567']);
    admin = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
    const log = (await api(admin, `/escalations/alarms/${raised.body.data.id}`)).body.data as Array<Record<string, unknown>>;
    expect(log.map((line) => [line.step, line.outcome, line.username, line.channel, line.reason])).toEqual([
      [0, 'sent', 'sms@varde.test', 'mail', null],
      [0, 'sent', 'sms@varde.test', 'sms', null],
      [1, 'skipped', 'Guest', null, 'nobody-with-role'],
      [1, 'sent', 'admin@varde.test', 'mail', null],
    ]);
    // The same lines are in the alarm's history, by time among its other entries.
    const history = (await api(admin, `/alarms/${raised.body.data.id}/history`)).body.data as Array<{ action: string; by: string | null; escalation?: Record<string, unknown> }>;
    expect(history.map((entry) => (entry.escalation ? [entry.action, entry.escalation.step, entry.escalation.outcome, entry.escalation.user, entry.escalation.channel] : [entry.action, entry.by]))).toEqual([
      ['raised', null],
      ['escalated', 0, 'sent', 'sms@varde.test', 'mail'],
      ['escalated', 0, 'sent', 'sms@varde.test', 'sms'],
      ['escalated', 1, 'skipped', 'Guest', null],
      ['escalated', 1, 'sent', 'admin@varde.test', 'mail'],
    ]);
    expect(history[4]!.escalation).toMatchObject({ round: 0, to: 'admin@varde.test', reason: null });
    // Acknowledged after the last step: the acknowledgement comes after every line of it.
    expect((await api(admin, `/alarms/${raised.body.data.id}/acknowledge`, { comment: 'tar det' })).status).toBe(200);
    const after = (await api(admin, `/alarms/${raised.body.data.id}/history`)).body.data as Array<{ action: string }>;
    expect(after.map((entry) => entry.action).at(-1)).toBe('acknowledged');
  });

  it('refuses a role that does not exist, naming the field, and stores nothing', async () => {
    const before = (await api(admin, '/escalations/policies')).body.data.length;
    const answer = await api(admin, '/escalations/policies', { name: 'Bad', priorities: ['A'], steps: [{ afterMinutes: 0, targets: [{ role: 'Boss' }], channels: ['mail'] }] });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^steps\.0\.targets\.0/);
    expect((await api(admin, '/escalations/policies')).body.data).toHaveLength(before);
  });
});
