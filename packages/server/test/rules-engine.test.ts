import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { NotificationRules } from '@varde/core/contract';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

const MINUTE = 60_000;
const clock = manualClock(Date.UTC(2025, 0, 15, 8, 0, 0));
let cloud: Cloud;
const sites = demoSites();
/** Site 13: the admin, the power user and the SMS user (+4791234567) have it. */
const site = sites[13]!;
const SMS_PHONE = '+4791234567';
const prefix = site.uuid.slice(0, 8);

async function sentTo(to: string, tagName: string) {
  return (await cloud.context.outbox.list({ to })).filter((message) => message.body.includes(tagName) || message.subject?.includes(tagName));
}

beforeAll(async () => {
  cloud = await startCloud({ clock });
  // The tests step the engine themselves; its real-time timer would add runs at moments the test does not choose.
  await cloud.context.rules.engine.stop();
  // Start from a quiet site: the demo seed leaves an active alarm on some sites.
  for (const row of await cloud.context.alarms.list({ siteUuids: [site.uuid], active: true })) await cloud.context.alarms.clear(row.id);
  const rules: NotificationRules = {
    [`${prefix}-rule-fast20`]: { ruleId: `${prefix}-rule-fast20`, name: 'Vakttelefon natt', channeltype: ['sms', 'mail'], threshold: 20, users: [demoUid('sms')] },
    // The SMS user is in this slower rule too: still one notification per alarm and channel.
    [`${prefix}-rule-slow60`]: {
      ruleId: `${prefix}-rule-slow60`,
      channeltype: ['mail'],
      threshold: 60,
      users: [demoUid('powerUser'), demoUid('sms')],
    },
  };
  await cloud.context.rules.store.replace(site.uuid, rules);
});
afterAll(() => cloud.close());

test('an alarm active past the threshold tells each user once per channel, and none before', async () => {
  const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'RULE-T1', text: 'Høy temperatur' });
  clock.advance(19 * MINUTE);
  await cloud.context.rules.engine.evaluate();
  expect(await sentTo('sms@varde.test', 'RULE-T1')).toEqual([]);
  expect(await sentTo(SMS_PHONE, 'RULE-T1')).toEqual([]);

  clock.advance(1 * MINUTE);
  const decided = await cloud.context.rules.engine.evaluate();
  expect(decided.filter((n) => n.alarmId === alarm.id)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ userUid: demoUid('sms'), channel: 'sms', outcome: 'sent' }),
      expect.objectContaining({ userUid: demoUid('sms'), channel: 'mail', outcome: 'sent' }),
    ]),
  );
  expect(await sentTo('sms@varde.test', 'RULE-T1')).toHaveLength(1);
  expect(await sentTo(SMS_PHONE, 'RULE-T1')).toHaveLength(1);
  expect((await sentTo(SMS_PHONE, 'RULE-T1'))[0]!.body).toContain(site.name);
  // The rule is named by its name, not its id (issue 26), in the SMS and in the e-mail.
  for (const message of [...(await sentTo(SMS_PHONE, 'RULE-T1')), ...(await sentTo('sms@varde.test', 'RULE-T1'))]) {
    expect(message.body).toContain('Vakttelefon natt');
    expect(message.body).not.toContain(`${prefix}-rule-fast20`);
  }
  expect(await sentTo('power@varde.test', 'RULE-T1')).toEqual([]); // the 60-minute rule is not due yet

  // Still active: nobody is told again, not even when the slower rule (which also names them) is due.
  clock.advance(45 * MINUTE);
  await cloud.context.rules.engine.evaluate();
  await cloud.context.rules.engine.evaluate();
  expect(await sentTo('sms@varde.test', 'RULE-T1')).toHaveLength(1);
  expect(await sentTo(SMS_PHONE, 'RULE-T1')).toHaveLength(1);
  expect(await sentTo('power@varde.test', 'RULE-T1')).toHaveLength(1);

  // Triggered again while active (same alarm): still no second notification.
  await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'RULE-T1' });
  clock.advance(30 * MINUTE);
  await cloud.context.rules.engine.evaluate();
  expect(await sentTo('sms@varde.test', 'RULE-T1')).toHaveLength(1);
});

test('an alarm cleared before the threshold tells nobody', async () => {
  const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: 'RULE-T2' });
  clock.advance(10 * MINUTE);
  await cloud.context.rules.engine.evaluate();
  await cloud.context.alarms.clear(alarm.id);
  clock.advance(120 * MINUTE);
  await cloud.context.rules.engine.evaluate();
  expect(await sentTo('sms@varde.test', 'RULE-T2')).toEqual([]);
  expect(await sentTo(SMS_PHONE, 'RULE-T2')).toEqual([]);
  expect(await sentTo('power@varde.test', 'RULE-T2')).toEqual([]);
});

test('a new alarm on the same tag after a clear is a new alarm: told again', async () => {
  await cloud.context.alarms.clearTag(site.uuid, 'RULE-T1');
  await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'RULE-T1' });
  // (alarm times are stamped a millisecond apart, so step a little past the threshold)
  clock.advance(20 * MINUTE + 1000);
  await cloud.context.rules.engine.evaluate();
  expect(await sentTo('sms@varde.test', 'RULE-T1')).toHaveLength(2);
});

test('alarms on sites without rules tell nobody', async () => {
  const other = sites[14]!;
  await cloud.context.alarms.raise({ siteUuid: other.uuid, alarmGroup: 'A', tagName: 'RULE-T3' });
  await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'C', tagName: 'RULE-T4' });
  clock.advance(21 * MINUTE);
  await cloud.context.rules.engine.evaluate();
  expect((await cloud.context.outbox.list()).filter((m) => m.body.includes('RULE-T3'))).toEqual([]);
  expect(await sentTo(SMS_PHONE, 'RULE-T4')).toHaveLength(1);
});

test('two evaluations at once tell each user once: the first to claim an (alarm, user, channel) sends it', async () => {
  await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'RULE-T6' });
  clock.advance(21 * MINUTE);
  const [first, second] = await Promise.all([cloud.context.rules.engine.evaluate(), cloud.context.rules.engine.evaluate()]);
  const sms = [...first, ...second].filter((n) => n.userUid === demoUid('sms') && n.channel === 'sms' && n.outcome === 'sent');
  expect(sms).toHaveLength(1);
  expect(await sentTo(SMS_PHONE, 'RULE-T6')).toHaveLength(1);
  expect(await sentTo('sms@varde.test', 'RULE-T6')).toHaveLength(1);
});

// A spy, not the outbox: a step may also clear alarms at random (alarm ids, and so their order, differ per run).
test('a simulation step runs the rule engine', async () => {
  const evaluate = vi.spyOn(cloud.context.rules.engine, 'evaluate');
  try {
    await cloud.context.simulation.step(1);
    expect(evaluate).toHaveBeenCalledTimes(1);
  } finally {
    evaluate.mockRestore();
  }
});

test('a user who lost the site is not told', async () => {
  await cloud.context.realtime.set(`/users/${demoUid('sms')}/controllers/${site.uuid}`, null);
  await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'RULE-T5' });
  clock.advance(25 * MINUTE);
  const decided = await cloud.context.rules.engine.evaluate();
  expect(decided.filter((n) => n.userUid === demoUid('sms') && n.channel === 'sms')).toEqual([
    expect.objectContaining({ outcome: 'skipped-no-access' }),
  ]);
  expect(await sentTo(SMS_PHONE, 'RULE-T5')).toEqual([]);
});
