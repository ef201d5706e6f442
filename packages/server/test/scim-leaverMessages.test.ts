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
