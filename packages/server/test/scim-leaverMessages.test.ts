import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SignedIn } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call } from './helpers/http.js';
import { makeConnection, scim, usersToken } from './helpers/scim.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/**
 * A leaver is told nothing (issue 36): once the directory deactivates a person, a rule's message (and so
 * an escalation step, which asks the same deliveryTarget) skips them as having no access; reactivated,
 * they get it again. Asked through the rule test, which tells exactly what an alarm would send.
 */
let cloud: Cloud;
let admin: SignedIn;
const site = demoSites()[12]!;
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

beforeAll(async () => {
  cloud = await startCloud();
  admin = await signInDemo(cloud, 'admin');
});
afterAll(() => cloud.close());

test('a deactivated directory user gets no rule message; reactivated, they do', async () => {
  const directory = scim(cloud, (await makeConnection(cloud, demoUsers.admin, 'Entra ID')).token);
  const user = await directory('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'vakt@fm-firma.test', displayName: 'Vakt Person' });
  const group = await directory('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Vakt', members: [{ value: user.body.id }] });
  const mapped = await call(cloud, `/cloud/users/directory/groups/${group.body.id}/access`, { method: 'PUT', json: { role: 'User', sites: [site.uuid] }, headers: bearer(await usersToken(cloud, demoUsers.admin)) });
  expect(mapped.status).toBe(200);

  const outcome = async () => {
    const answer = await callAs(cloud, admin, 'controllers-api', `/controllers/${site.uuid}/notificationtest`, {
      method: 'POST',
      json: { rule: { ruleId: `${site.uuid.slice(0, 8)}-rule-leaver`, name: 'Leaver check', channeltype: ['mail'], threshold: 20, users: [user.body.id] } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.deliveries.map((delivery: { outcome: string; reason?: string }) => (delivery.reason ? `${delivery.outcome}: ${delivery.reason}` : delivery.outcome));
  };
  expect(await outcome()).toEqual(['sent']);
  await directory('PATCH', `/Users/${user.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: false }] });
  expect(await outcome()).toEqual(['skipped: no-access']);
  await directory('PATCH', `/Users/${user.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: true }] });
  expect(await outcome()).toEqual(['sent']);
});

test("a deactivated directory user holds no on-call turn: the schedule's next person takes it; reactivated, it is theirs again", async () => {
  const directory = scim(cloud, (await makeConnection(cloud, demoUsers.admin, 'Okta')).token);
  const leaver = await directory('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'natt@fm-firma.test', displayName: 'Natt Vakt' });
  expect(leaver.status).toBe(201);
  // A layer of the leaver alone, over a layer of the demo user: the upper layer wins while the leaver is there.
  const created = await callAs(cloud, admin, 'alarms', '/oncall/schedules', {
    method: 'POST',
    json: {
      name: 'Leaver rota',
      timeZone: 'Europe/Oslo',
      sites: [site.uuid],
      layers: [
        { users: [demoUsers.user.email], start: '2026-01-05T08:00', rotation: 'weekly' },
        { users: ['natt@fm-firma.test'], start: '2026-01-05T08:00', rotation: 'weekly' },
      ],
      overrides: [],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const onCall = async () => {
    const answer = await callAs(cloud, admin, 'alarms', `/oncall/who?site=${site.uuid}&at=2026-06-10T12:00:00Z`);
    expect(answer.status).toBe(200);
    return answer.body.data.find((item: { schedule: { id: string } }) => item.schedule.id === created.body.id).user;
  };
  expect(await onCall()).toBe('natt@fm-firma.test');
  await directory('PATCH', `/Users/${leaver.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: false }] });
  expect(await onCall()).toBe(demoUsers.user.email);
  await directory('PATCH', `/Users/${leaver.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: true }] });
  expect(await onCall()).toBe('natt@fm-firma.test');
});
