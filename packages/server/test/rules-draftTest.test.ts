import { afterAll, beforeAll, expect, test } from 'vitest';
import { notificationRulesBody, ruleTestResult, type NotificationRuleInput, type SignedIn } from '@varde/core/contract';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** POST /controllers/{id}/notificationtest: a rule tested as drafted in the editor, before (or without) saving it. */
let cloud: Cloud;
let admin: SignedIn;
let guest: SignedIn;
let otherPartnerAdmin: SignedIn;
const site = demoSites()[12]!; // admin, power user and the SMS user (+4791234567) have it; no seeded rules
const testPath = `/controllers/${site.uuid}/notificationtest`;
const draft = (overrides: Partial<NotificationRuleInput> = {}): NotificationRuleInput => ({
  ruleId: `${site.uuid.slice(0, 8)}-rule-draft1`,
  name: 'Utkast til nattvakt',
  channeltype: ['mail'],
  threshold: 20,
  users: [demoUid('admin')],
  ...overrides,
});
/** The newest outbox message's id: what a step sent comes after it (times can repeat within a millisecond). */
const outboxMark = async () => Math.max(0, ...(await cloud.context.outbox.list()).map((message) => message.id));
/** Test messages of this file's drafts after a mark (the engine's timer may send alarm messages meanwhile). */
const testsSent = async (after: number) =>
  (await cloud.context.outbox.list()).filter((message) => message.id > after && message.body.includes('Utkast til nattvakt'));
const testDraft = (who: SignedIn, body: unknown) => callAs(cloud, who, 'controllers-api', testPath, { method: 'POST', json: body });

beforeAll(async () => {
  cloud = await startCloud();
  [admin, guest, otherPartnerAdmin] = await Promise.all([
    signInDemo(cloud, 'admin'),
    signInDemo(cloud, 'guest'),
    signInDemo(cloud, 'partnerAdmin'),
  ]);
});
afterAll(() => cloud.close());

test('an unsaved e-mail-only draft for a user without a phone: the e-mail goes out, and the rule is not saved', async () => {
  const since = await outboxMark();
  const answer = await testDraft(admin, { rule: draft() });
  expect(answer.status).toBe(200);
  const result = ruleTestResult.parse(answer.body);
  expect(result.status).toBe(200);
  expect(result.data.users).toEqual([{ userUUID: demoUid('admin'), username: 'admin@varde.test', phonenumber: null, email: 'admin@varde.test' }]);
  expect(result.data.deliveries).toEqual([
    { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'mail', outcome: 'sent', to: 'admin@varde.test' },
  ]);
  const sent = await testsSent(since);
  expect(sent.map((message) => [message.channel, message.to])).toEqual([['email', 'admin@varde.test']]);
  // The message names the rule by the draft's name, not its id (issue 26).
  expect(sent[0]!.body).toContain('«Utkast til nattvakt»');
  expect(sent[0]!.body).not.toContain(draft().ruleId);
  const stored = notificationRulesBody.parse((await callAs(cloud, admin, 'controllers-api', `/controllers/${site.uuid}/notificationrules`)).body);
  expect(stored.rules).toEqual({});
});

test('a draft with SMS and e-mail for two users: per user and channel, sent or skipped with why', async () => {
  const since = await outboxMark();
  const result = ruleTestResult.parse(
    (await testDraft(admin, { rule: draft({ channeltype: ['sms', 'mail'], threshold: '25', users: [demoUid('admin'), demoUid('sms')] }) })).body,
  );
  expect(result.data.deliveries).toEqual([
    { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'sms', outcome: 'skipped', to: null, reason: 'missing-phone-number' },
    { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'mail', outcome: 'sent', to: 'admin@varde.test' },
    { userUUID: demoUid('sms'), username: 'sms@varde.test', channel: 'sms', outcome: 'sent', to: '+4791234567' },
    { userUUID: demoUid('sms'), username: 'sms@varde.test', channel: 'mail', outcome: 'sent', to: 'sms@varde.test' },
  ]);
  expect((await testsSent(since)).map((message) => message.to).sort()).toEqual(['+4791234567', 'admin@varde.test', 'sms@varde.test']);
});

test('a draft that could not be saved is refused with 400 and a detail, and nothing is sent', async () => {
  const cases: Array<[unknown, RegExp]> = [
    [{ rule: draft({ channeltype: [] }) }, /Velg minst en verdi/],
    [{ rule: draft({ threshold: 3 }) }, /Threshold must be a whole number/],
    [{ rule: draft({ users: [] }) }, /You must select at least one user/],
    [{ rule: draft({ ruleId: 'a/b' }) }, /Rule id must be/],
    // Users the caller could not put in a rule of this site: their addresses are not the caller's to learn.
    [{ rule: draft({ users: [demoUid('partnerUser')] }) }, /Unknown user id/],
    [{ rule: draft({ users: [demoUid('guest')] }) }, /Unknown user id/],
    [{ rule: draft({ users: ['no-such-user'] }) }, /Unknown user id no-such-user/],
    [{}, /rule/],
    [[], /.+/],
  ];
  const since = await outboxMark();
  for (const [body, detail] of cases) {
    const answer = await testDraft(admin, body);
    expect(answer.status, JSON.stringify(body)).toBe(400);
    expect(answer.body.detail).toMatch(detail);
  }
  expect(await testsSent(since)).toEqual([]);
});

test("another partner's admin, a user without the module and an unknown site cannot test: nothing is sent", async () => {
  const since = await outboxMark();
  const foreign = await testDraft(otherPartnerAdmin, { rule: draft() });
  expect([403, 404]).toContain(foreign.status);
  expect(foreign.body.detail).toEqual(expect.any(String));
  expect(JSON.stringify(foreign.body)).not.toContain('admin@varde.test');
  const guestSite = demoSites()[0]!; // guest has this site but only the sites module
  const noModule = await callAs(cloud, guest, 'controllers-api', `/controllers/${guestSite.uuid}/notificationtest`, {
    method: 'POST',
    json: { rule: draft({ ruleId: `${guestSite.uuid.slice(0, 8)}-rule-draft1`, users: [demoUid('guest')] }) },
  });
  expect(noModule.status).toBe(403);
  expect((await callAs(cloud, admin, 'controllers-api', '/controllers/no-such-site/notificationtest', { method: 'POST', json: { rule: draft() } })).status).toBe(404);
  expect(await testsSent(since)).toEqual([]);
});
