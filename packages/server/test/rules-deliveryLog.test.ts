import { afterAll, beforeAll, expect, test } from 'vitest';
import { ruleDeliveryLogResponse, type NotificationRuleInput, type SignedIn } from '@varde/core/contract';
import { createRuleDeliveryLog } from '../src/rules/deliveryLog.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import { manualClock } from './helpers/manualClock.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** GET /controllers/{id}/notificationlog/{ruleId}: what a rule sent or skipped, by tests and by alarms. */
const MINUTE = 60_000;
// Moved by hand so that an alarm can pass a rule's threshold; starts now, so sign-in tokens are valid.
const clock = manualClock();
let cloud: Cloud;
let admin: SignedIn;
let guest: SignedIn;
let otherPartnerAdmin: SignedIn;
const site = demoSites()[13]!; // the admin, the power user and the SMS user (+4791234567) have it
const ruleId = `${site.uuid.slice(0, 8)}-rule-logged`;
const rule: NotificationRuleInput = { ruleId, channeltype: ['sms', 'mail'], threshold: 20, users: [demoUid('sms'), demoUid('admin')] };
const logPath = (id = ruleId, query = '') => `/controllers/${site.uuid}/notificationlog/${id}${query}`;
const readLog = async (who: SignedIn, id = ruleId, query = '') => {
  const answer = await callAs(cloud, who, 'controllers-api', logPath(id, query));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ruleDeliveryLogResponse.parse(answer.body).data;
};

beforeAll(async () => {
  cloud = await startCloud({ clock });
  // The test steps the engine itself.
  await cloud.context.rules.engine.stop();
  for (const row of await cloud.context.alarms.list({ siteUuids: [site.uuid], active: true })) await cloud.context.alarms.clear(row.id);
  [admin, guest, otherPartnerAdmin] = await Promise.all([
    signInDemo(cloud, 'admin'),
    signInDemo(cloud, 'guest'),
    signInDemo(cloud, 'partnerAdmin'),
  ]);
});
afterAll(() => cloud.close());

test('a rule that never sent anything has an empty log', async () => {
  expect(await readLog(admin)).toEqual([]);
});

test('a test is logged per user and channel: sent with where to, skipped with why', async () => {
  const tested = await callAs(cloud, admin, 'controllers-api', `/controllers/${site.uuid}/notificationtest`, { method: 'POST', json: { rule } });
  expect(tested.status).toBe(200);
  const at = new Date(clock.now()).toISOString();
  const log = await readLog(admin);
  // Newest first: the order of the test reversed.
  expect(log).toEqual([
    { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'mail', outcome: 'sent', to: 'admin@varde.test', at, cause: 'test', alarmId: null },
    { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'sms', outcome: 'skipped', to: null, reason: 'missing-phone-number', at, cause: 'test', alarmId: null },
    { userUUID: demoUid('sms'), username: 'sms@varde.test', channel: 'mail', outcome: 'sent', to: 'sms@varde.test', at, cause: 'test', alarmId: null },
    { userUUID: demoUid('sms'), username: 'sms@varde.test', channel: 'sms', outcome: 'sent', to: '+4791234567', at, cause: 'test', alarmId: null },
  ]);
});

test('an alarm past the threshold is logged with its alarm id, as the engine sent or skipped it', async () => {
  await cloud.context.rules.store.replace(site.uuid, { [ruleId]: { ...rule, threshold: 20 } as never });
  const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'LOG-T1', text: 'Høy temperatur' });
  clock.advance(20 * MINUTE);
  await cloud.context.rules.engine.evaluate();
  const at = new Date(clock.now()).toISOString();
  const fromAlarm = (await readLog(admin)).filter((entry) => entry.cause === 'alarm');
  expect(fromAlarm).toEqual(
    expect.arrayContaining([
      { userUUID: demoUid('sms'), username: 'sms@varde.test', channel: 'sms', outcome: 'sent', to: '+4791234567', at, cause: 'alarm', alarmId: alarm.id },
      { userUUID: demoUid('sms'), username: 'sms@varde.test', channel: 'mail', outcome: 'sent', to: 'sms@varde.test', at, cause: 'alarm', alarmId: alarm.id },
      { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'sms', outcome: 'skipped', to: null, reason: 'missing-phone-number', at, cause: 'alarm', alarmId: alarm.id },
      { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'mail', outcome: 'sent', to: 'admin@varde.test', at, cause: 'alarm', alarmId: alarm.id },
    ]),
  );
  expect(fromAlarm).toHaveLength(4);
  // The engine tells each user once per alarm: evaluating again logs nothing new.
  await cloud.context.rules.engine.evaluate();
  expect((await readLog(admin)).filter((entry) => entry.cause === 'alarm')).toHaveLength(4);
});

test('?limit= gives the newest lines; a bad limit is a 400 with a detail', async () => {
  const newest = await readLog(admin, ruleId, '?limit=1');
  expect(newest).toHaveLength(1);
  expect(newest[0]!.cause).toBe('alarm');
  for (const bad of ['0', 'abc', '501', '-1']) {
    const answer = await callAs(cloud, admin, 'controllers-api', logPath(ruleId, `?limit=${bad}`));
    expect(answer.status, bad).toBe(400);
    expect(answer.body.detail).toMatch(/limit/);
  }
});

test("another partner's admin gets 403 or 404 and learns nothing; so does a user without the module", async () => {
  const foreign = await callAs(cloud, otherPartnerAdmin, 'controllers-api', logPath());
  expect([403, 404]).toContain(foreign.status);
  expect(foreign.body.detail).toEqual(expect.any(String));
  expect(JSON.stringify(foreign.body)).not.toMatch(/varde\.test|\+47/);
  // Guessing the site in the path does not help: the log is read through the site the caller may see.
  const guestSite = demoSites()[0]!; // guest has it, but only the sites module
  expect((await callAs(cloud, guest, 'controllers-api', `/controllers/${guestSite.uuid}/notificationlog/${ruleId}`)).status).toBe(403);
  expect((await callAs(cloud, admin, 'controllers-api', `/controllers/no-such-site/notificationlog/${ruleId}`)).status).toBe(404);
  // The same rule id on another site of the admin's shows that site's (empty) log, not this one.
  const otherSite = demoSites()[12]!;
  const elsewhere = await callAs(cloud, admin, 'controllers-api', `/controllers/${otherSite.uuid}/notificationlog/${ruleId}`);
  expect(ruleDeliveryLogResponse.parse(elsewhere.body).data).toEqual([]);
});

test('a rule keeps only its newest lines; other rules keep theirs', async () => {
  // The same table the cloud uses, with a small `keep` so that the test need not write thousands of lines.
  const small = createRuleDeliveryLog(cloud.context.db, clock, 3);
  const line = (to: string) => ({ userUUID: demoUid('sms'), username: 'sms@varde.test', channel: 'mail' as const, outcome: 'sent' as const, to });
  for (const n of [1, 2, 3, 4, 5]) await small.record(site.uuid, 'kept-rule', { cause: 'test' }, line(`n${n}@varde.test`));
  await small.record(site.uuid, 'other-rule', { cause: 'test' }, line('other@varde.test'));
  expect((await small.entries(site.uuid, 'kept-rule')).map((entry) => entry.to)).toEqual(['n5@varde.test', 'n4@varde.test', 'n3@varde.test']);
  expect((await small.entries(site.uuid, 'other-rule')).map((entry) => entry.to)).toEqual(['other@varde.test']);
  expect((await readLog(admin)).length).toBeGreaterThan(3); // the logged rule above is untouched
});
