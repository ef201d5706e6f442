import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  listControllersResponse,
  notificationRulesBody,
  ruleTestResult,
  ruleUsersResponse,
  type NotificationRuleInput,
  type SignedIn,
} from '@varde/core/contract';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import { call } from './helpers/http.js';
import { callAs, signInDemo, tokenFor } from './helpers/siteTestKit.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

let cloud: Cloud;
let admin: SignedIn;
let guest: SignedIn;
let drift: SignedIn;
const sites = demoSites();
/** Site 12: admin, power user and the SMS user have it; no seeded rules. */
const site = sites[12]!;
const rulesPath = `/controllers/${site.uuid}/notificationrules`;

function rule(overrides: Partial<NotificationRuleInput> = {}): NotificationRuleInput {
  return { ruleId: `${site.uuid.slice(0, 8)}-rule-abc123`, channeltype: ['sms', 'mail'], threshold: 20, users: [demoUid('sms')], ...overrides };
}
const post = (who: SignedIn, body: unknown, path = rulesPath) => callAs(cloud, who, 'controllers-api', path, { method: 'POST', json: body });
const get = (who: SignedIn, path: string) => callAs(cloud, who, 'controllers-api', path);

beforeAll(async () => {
  cloud = await startCloud();
  [admin, guest, drift] = await Promise.all([signInDemo(cloud, 'admin'), signInDemo(cloud, 'guest'), signInDemo(cloud, 'partnerUser')]);
});
afterAll(() => cloud.close());

test('the seeded rules are read back, and GET /controllers?rules=True counts them', async () => {
  const seeded = notificationRulesBody.parse((await get(admin, `/controllers/${sites[10]!.uuid}/notificationrules`)).body);
  expect(Object.keys(seeded.rules)).toHaveLength(2);
  const list = listControllersResponse.parse((await get(admin, '/controllers?rules=True&limit=1000')).body).data;
  expect(list.find((s) => s.uuid === sites[10]!.uuid)?.rules).toBe(2);
  expect(list.find((s) => s.uuid === sites[0]!.uuid)?.rules).toBe(1);
  expect(list.find((s) => s.uuid === site.uuid)?.rules).toBe(0);
});

test('POST replaces a site\'s rules (idempotently); the threshold string "25" is parsed as an integer', async () => {
  const body = { rules: { [rule().ruleId]: rule({ threshold: '25' }) } };
  const first = await post(admin, body);
  expect(first.status).toBe(200);
  // Sent without a name: named from what it does, in the caller's stored language (the demo admin's is Norwegian).
  expect(first.body.rules[rule().ruleId]).toEqual({ ...rule(), name: 'SMS og e-post etter 25 min', threshold: 25 });
  expect((await post(admin, body)).body).toEqual(first.body);
  expect(notificationRulesBody.parse((await get(admin, rulesPath)).body)).toEqual(first.body);
  const list = listControllersResponse.parse((await get(admin, '/controllers?rules=True&limit=1000')).body).data;
  expect(list.find((s) => s.uuid === site.uuid)?.rules).toBe(1);
});

test('a rule\'s name: stored trimmed, changed by a save, kept by a save without one', async () => {
  const created = await post(admin, { rules: { [rule().ruleId]: rule({ name: '  Vakttelefon natt  ' }) } });
  expect(created.status).toBe(200);
  expect(created.body.rules[rule().ruleId].name).toBe('Vakttelefon natt');
  const renamed = await post(admin, { rules: { [rule().ruleId]: rule({ name: 'Vakttelefon <b>helg</b> & natt' }) } });
  expect(renamed.body.rules[rule().ruleId].name).toBe('Vakttelefon <b>helg</b> & natt');
  // An older client (or a rules file without names) keeps the stored name.
  const kept = await post(admin, { rules: { [rule().ruleId]: rule({ threshold: 30 }) } });
  expect(kept.body.rules[rule().ruleId]).toMatchObject({ name: 'Vakttelefon <b>helg</b> & natt', threshold: 30 });
  expect(notificationRulesBody.parse((await get(admin, rulesPath)).body).rules[rule().ruleId]?.name).toBe('Vakttelefon <b>helg</b> & natt');
  // The seeded rules have Norwegian names.
  const seeded = notificationRulesBody.parse((await get(admin, `/controllers/${sites[10]!.uuid}/notificationrules`)).body);
  expect(Object.values(seeded.rules).map((r) => r.name)).toEqual(['Vakttelefon døgnet rundt', 'Driftsleder, alarmer over en time']);
});

test('another partner can neither read nor rename a site\'s rules', async () => {
  await post(admin, { rules: { [rule().ruleId]: rule({ name: 'Fjordvarmes regel' }) } });
  const before = (await get(admin, rulesPath)).body;
  const answer = await post(drift, { rules: { [rule().ruleId]: rule({ name: 'Overtatt' }) } });
  expect(answer.status).toBe(403);
  expect(answer.body.detail).toEqual(expect.any(String));
  expect((await get(admin, rulesPath)).body).toEqual(before);
});

describe('bad input is refused with 400 and a detail, and nothing changes', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['threshold 3', { rules: { [rule().ruleId]: rule({ threshold: 3 }) } }, /Threshold must be a whole number/],
    ['threshold 121', { rules: { [rule().ruleId]: rule({ threshold: 121 }) } }, /Threshold must be a whole number/],
    ['threshold abc', { rules: { [rule().ruleId]: rule({ threshold: 'abc' }) } }, /Threshold must be a whole number/],
    ['threshold 7 (not a step of 5)', { rules: { [rule().ruleId]: rule({ threshold: 7 }) } }, /steps of 5/],
    ['threshold 20.5', { rules: { [rule().ruleId]: rule({ threshold: 20.5 }) } }, /Threshold/],
    ['no users', { rules: { [rule().ruleId]: rule({ users: [] }) } }, /You must select at least one user/],
    ['no channel', { rules: { [rule().ruleId]: rule({ channeltype: [] }) } }, /Velg minst en verdi/],
    ['an unknown channel', { rules: { [rule().ruleId]: rule({ channeltype: ['fax' as 'sms'] }) } }, /channeltype/],
    ['an unknown user id', { rules: { [rule().ruleId]: rule({ users: ['no-such-user'] }) } }, /Unknown user id no-such-user/],
    ['a user without the site', { rules: { [rule().ruleId]: rule({ users: [demoUid('guest')] }) } }, /Unknown user id/],
    ['another partner\'s user', { rules: { [rule().ruleId]: rule({ users: [demoUid('partnerUser')] }) } }, /Unknown user id/],
    ['a key that is not the rule id', { rules: { other: rule() } }, /The key must equal the rule id/],
    ['a rule id with a slash', { rules: { 'a/b': rule({ ruleId: 'a/b' }) } }, /Rule id must be/],
    ['no rules field', {}, /rules/],
    ['rules as a list', { rules: [rule()] }, /rules/],
    ['an empty name', { rules: { [rule().ruleId]: rule({ name: '' }) } }, /name: The rule name must be 1-80 characters/],
    ['a name of spaces', { rules: { [rule().ruleId]: rule({ name: '   ' }) } }, /The rule name must be 1-80 characters/],
    ['a name of 81 characters', { rules: { [rule().ruleId]: rule({ name: 'x'.repeat(81) }) } }, /The rule name must be 1-80 characters/],
    ['a name with a line break', { rules: { [rule().ruleId]: rule({ name: 'Vakt\nBcc: x@example.com' }) } }, /The rule name must be 1-80 characters, on one line/],
    ['a name that is a number', { rules: { [rule().ruleId]: rule({ name: 42 as unknown as string }) } }, /The rule name must be/],
  ];
  test.each(cases)('%s', async (_name, body, detail) => {
    const before = (await get(admin, rulesPath)).body;
    const answer = await post(admin, body);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(detail);
    expect((await get(admin, rulesPath)).body).toEqual(before);
  });

  test('invalid JSON', async () => {
    const answer = await call(cloud, `/cloud/controllers-api${rulesPath}`, {
      body: '{"rules": ',
      headers: { authorization: `Bearer ${tokenFor(admin, 'controllers-api')}`, 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toEqual(expect.any(String));
  });
});

test('who may manage rules: the site and the notifications or users module', async () => {
  // guest has site 0 but only the sites module
  expect((await get(guest, `/controllers/${sites[0]!.uuid}/notificationrules`)).status).toBe(403);
  // Nordbygg's user does not have Fjordvarme's site
  const foreign = await get(drift, rulesPath);
  expect(foreign.status).toBe(403);
  expect(foreign.body.detail).toEqual(expect.any(String));
  expect((await get(admin, '/controllers/no-such-site/notificationrules')).status).toBe(404);
  expect((await call(cloud, `/cloud/controllers-api${rulesPath}`)).status).toBe(401);
});

test('notificationusers lists the users of the site the caller knows, with phones', async () => {
  const users = ruleUsersResponse.parse((await get(admin, `/controllers/${site.uuid}/notificationusers`)).body).data;
  const names = users.map((user) => user.username);
  expect(names).toEqual(expect.arrayContaining(['admin@varde.test', 'power@varde.test', 'sms@varde.test']));
  expect(names).not.toContain('guest@varde.test'); // no access to site 12
  expect(names).not.toContain('drift@nordbygg.test');
  expect(users.find((user) => user.username === 'sms@varde.test')?.phone).toBe('+4791234567');
});

describe('testing a rule', () => {
  async function createUser(email: string, phone: string) {
    const answer = await callAs(cloud, admin, 'users', '/users', {
      method: 'POST',
      json: { username: email, name: email, role: 'User', phone, controllers: { [site.uuid]: true } },
    });
    expect(answer.status).toBe(201);
    return answer.body.uid as string;
  }

  test('200: a test e-mail and SMS to every user (Norwegian and Swedish numbers), read from the outbox', async () => {
    const swede = await createUser('svensson@varde.test', '+46 70-123 45 67');
    const norwegian = await createUser('nordmann@varde.test', '0047 912 34 568');
    const ruleId = `${site.uuid.slice(0, 8)}-rule-test01`;
    expect((await post(admin, { rules: { [ruleId]: rule({ ruleId, name: 'Test en', users: [swede, norwegian, demoUid('sms')] }) } })).status).toBe(200);
    const since = Date.now() - 1;
    const answer = await get(admin, `/controllers/${site.uuid}/notificationtest/${ruleId}`);
    expect(answer.status).toBe(200);
    const result = ruleTestResult.parse(answer.body);
    expect(result.status).toBe(200);
    expect(result.data.users).toEqual([
      { userUUID: swede, username: 'svensson@varde.test', phonenumber: '+46701234567', email: 'svensson@varde.test' },
      { userUUID: norwegian, username: 'nordmann@varde.test', phonenumber: '+4791234568', email: 'nordmann@varde.test' },
      { userUUID: demoUid('sms'), username: 'sms@varde.test', phonenumber: '+4791234567', email: 'sms@varde.test' },
    ]);
    const sent = await cloud.context.outbox.list({ since });
    // Every message names the rule by its name (in the recipient's language), never by its id.
    for (const to of ['svensson@varde.test', 'nordmann@varde.test', 'sms@varde.test']) {
      expect(sent.filter((m) => m.to === to && m.channel === 'email' && m.subject?.includes('Test en') && !m.body.includes(ruleId))).toHaveLength(1);
    }
    for (const to of ['+46701234567', '+4791234568', '+4791234567']) {
      expect(sent.filter((m) => m.to === to && m.channel === 'sms' && m.body.includes('Test en') && !m.body.includes(ruleId))).toHaveLength(1);
    }
  });

  test('never a 500: a Danish number or no number skips that SMS (with why), and everything else is still sent', async () => {
    const dane = await createUser('jensen@varde.test', '+45 12345678');
    const ruleId = `${site.uuid.slice(0, 8)}-rule-test02`;
    const mailOnly = `${site.uuid.slice(0, 8)}-rule-test03`;
    await post(admin, {
      rules: {
        [ruleId]: rule({ ruleId, name: 'Test to', users: [demoUid('sms'), dane, demoUid('admin')] }),
        [mailOnly]: rule({ ruleId: mailOnly, name: 'Test tre', channeltype: ['mail'], users: [demoUid('admin')] }),
      },
    });
    const mark = Math.max(0, ...(await cloud.context.outbox.list()).map((m) => m.id));
    const answer = await get(admin, `/controllers/${site.uuid}/notificationtest/${ruleId}`);
    expect(answer.status).toBe(200);
    const result = ruleTestResult.parse(answer.body);
    expect(result.data.deliveries).toEqual([
      { userUUID: demoUid('sms'), username: 'sms@varde.test', channel: 'sms', outcome: 'sent', to: '+4791234567' },
      { userUUID: demoUid('sms'), username: 'sms@varde.test', channel: 'mail', outcome: 'sent', to: 'sms@varde.test' },
      { userUUID: dane, username: 'jensen@varde.test', channel: 'sms', outcome: 'skipped', to: null, reason: 'unsupported-phone-number' },
      { userUUID: dane, username: 'jensen@varde.test', channel: 'mail', outcome: 'sent', to: 'jensen@varde.test' },
      { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'sms', outcome: 'skipped', to: null, reason: 'missing-phone-number' },
      { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'mail', outcome: 'sent', to: 'admin@varde.test' },
    ]);
    const sent = (await cloud.context.outbox.list()).filter((m) => m.id > mark && m.body.includes('Test to'));
    expect(sent.map((m) => [m.channel, m.to]).sort()).toEqual(
      [['email', 'admin@varde.test'], ['email', 'jensen@varde.test'], ['email', 'sms@varde.test'], ['sms', '+4791234567']].sort(),
    );

    // The case: an e-mail-only rule for a user without a phone sends the e-mail and asks for no number.
    const mark2 = Math.max(0, ...(await cloud.context.outbox.list()).map((m) => m.id));
    const mail = ruleTestResult.parse((await get(admin, `/controllers/${site.uuid}/notificationtest/${mailOnly}`)).body);
    expect(mail.data.deliveries).toEqual([
      { userUUID: demoUid('admin'), username: 'admin@varde.test', channel: 'mail', outcome: 'sent', to: 'admin@varde.test' },
    ]);
    const mails = (await cloud.context.outbox.list()).filter((m) => m.id > mark2 && m.body.includes('Test tre'));
    expect(mails.map((m) => [m.channel, m.to])).toEqual([['email', 'admin@varde.test']]);
    expect(mails[0]!.body).toContain('«Test tre»');
  });

  test('an unknown rule is 404', async () => {
    const answer = await get(admin, `/controllers/${site.uuid}/notificationtest/nope`);
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toMatch(/No rule nope/);
  });
});

test('DELETE removes every rule of the site; repeating it changes nothing', async () => {
  await post(admin, { rules: { [rule().ruleId]: rule() } });
  const deleted = await callAs(cloud, admin, 'controllers-api', rulesPath, { method: 'DELETE' });
  expect(deleted.status).toBe(200);
  expect(deleted.body).toEqual({ rules: {} });
  expect((await callAs(cloud, admin, 'controllers-api', rulesPath, { method: 'DELETE' })).status).toBe(200);
  expect((await get(admin, rulesPath)).body).toEqual({ rules: {} });
});
