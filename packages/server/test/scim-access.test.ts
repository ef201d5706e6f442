import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SCIM_TOKEN_PREFIX } from '@varde/core/contract';
import { demoUsers } from '../src/seed/demoUsers.js';
import { DEFAULT_SCIM_REQUESTS_PER_MINUTE as SCIM_REQUESTS_PER_MINUTE } from '../src/context.js';
import { bearer, call } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { makeConnection, scim, usersToken } from './helpers/scim.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/**
 * SCIM's refusals (issue 36, "Bad input"): every bad request the issue lists answers a SCIM error body
 * with the RFC's status and scimType, stores nothing and is never a 5xx; tokens; the rate limit; and a
 * connection sees and changes only its own partner's users and groups.
 */
const clock = manualClock(Date.UTC(2026, 10, 28, 12));
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
let cloud: Cloud;
let fjord: ReturnType<typeof scim>;
let nord: ReturnType<typeof scim>;
let userId: string;
let groupId: string;

const userBody = (userName: string, extra: Record<string, unknown> = {}) => ({ schemas: [USER], userName, name: { givenName: 'A', familyName: 'B' }, ...extra });

async function stored() {
  const count = async (table: string) => Number(((await cloud.context.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string }).n);
  return { accounts: await count('accounts'), users: await count('scim_users'), groups: await count('scim_groups'), members: await count('scim_group_members') };
}

function expectScimError(answer: { status: number; body: any; headers: Headers }, status: number, scimType?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/scim+json');
  expect(answer.body.schemas).toEqual([ERROR]);
  expect(answer.body.status).toBe(String(status));
  expect(typeof answer.body.detail).toBe('string');
  if (scimType) expect(answer.body.scimType).toBe(scimType);
}

beforeAll(async () => {
  cloud = await startCloud({ clock });
  fjord = scim(cloud, (await makeConnection(cloud, demoUsers.admin, 'Fjordvarme Entra')).token);
  nord = scim(cloud, (await makeConnection(cloud, demoUsers.partnerAdmin, 'Nordbygg Okta')).token);
  const user = await fjord('POST', '/Users', userBody('eva@fjord.test', { externalId: 'ext-eva' }));
  expect(user.status).toBe(201);
  userId = user.body.id;
  const group = await fjord('POST', '/Groups', { schemas: [GROUP], displayName: 'Fjord techs', externalId: 'grp-1' });
  expect(group.status).toBe(201);
  groupId = group.body.id;
});
afterAll(() => cloud.close());

describe('bad input: a SCIM error, nothing stored, never 5xx', () => {
  const cases: Array<[string, () => Promise<{ status: number; body: any; headers: Headers }>, number, string | undefined]> = [
    ['malformed JSON', () => fjord('POST', '/Users', '{"schemas": ['), 400, 'invalidSyntax'],
    ['a body that is no object', () => fjord('POST', '/Users', [userBody('x@fjord.test')]), 400, 'invalidSyntax'],
    ['an unknown schema URN', () => fjord('POST', '/Users', { ...userBody('x@fjord.test'), schemas: [USER, 'urn:example:unknown:2.0:User'] }), 400, 'invalidValue'],
    ['no schemas', () => fjord('POST', '/Users', { userName: 'x@fjord.test' }), 400, 'invalidValue'],
    ['a userName that is no e-mail', () => fjord('POST', '/Users', userBody('Test_User_ab6490ee')), 400, 'invalidValue'],
    ['a filter that does not parse', () => fjord('GET', `/Users?filter=${encodeURIComponent('userName eq')}`), 400, 'invalidFilter'],
    ['a filter on an attribute not offered', () => fjord('GET', `/Users?filter=${encodeURIComponent('password eq "x"')}`), 400, 'invalidFilter'],
    ['a PATCH path to an unknown attribute', () => fjord('PATCH', `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'shoeSize', value: 44 }] }), 400, 'invalidPath'],
    ['a PATCH path to a read-only attribute', () => fjord('PATCH', `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'groups', value: [] }] }), 400, 'mutability'],
    ['a PATCH of the id', () => fjord('PATCH', `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'id', value: 'mine' }] }), 400, 'mutability'],
    ['a PATCH path of an unknown schema', () => fjord('PATCH', `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'urn:example:x:Field', value: 1 }] }), 400, 'invalidPath'],
    ['an unknown op', () => fjord('PATCH', `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'title', value: 'x' }] }), 400, 'invalidSyntax'],
    ['a remove without a path', () => fjord('PATCH', `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] }), 400, 'noTarget'],
    ['a PATCH without the PatchOp schema', () => fjord('PATCH', `/Users/${userId}`, { schemas: [USER], Operations: [{ op: 'replace', path: 'title', value: 'x' }] }), 400, 'invalidValue'],
    ['a PATCH value filter that does not parse', () => fjord('PATCH', `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'emails[type eq].value', value: 'x' }] }), 400, undefined],
    ['a userName taken by another partner', () => nord('POST', '/Users', userBody('eva@fjord.test')), 409, 'uniqueness'],
    ['a userName of a demo user of another partner', () => nord('POST', '/Users', userBody(demoUsers.user.email)), 409, 'uniqueness'],
    ['a duplicate externalId', () => fjord('POST', '/Users', userBody('other@fjord.test', { externalId: 'ext-eva' })), 409, 'uniqueness'],
    ['a duplicate userName', () => fjord('POST', '/Users', userBody('EVA@fjord.test')), 409, 'uniqueness'],
    ['a group member that does not exist', () => fjord('PATCH', `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: '7d6a0a4c-0000-4000-8000-000000000000' }] }] }), 400, 'invalidValue'],
    ['a new group with a member that does not exist', () => fjord('POST', '/Groups', { schemas: [GROUP], displayName: 'Ghosts', members: [{ value: 'nobody' }] }), 400, 'invalidValue'],
    ['a duplicate group externalId', () => fjord('POST', '/Groups', { schemas: [GROUP], displayName: 'Other', externalId: 'grp-1' }), 409, 'uniqueness'],
    ['a group without displayName', () => fjord('POST', '/Groups', { schemas: [GROUP] }), 400, 'invalidValue'],
    ['a stale If-Match', () => fjord('PUT', `/Users/${userId}`, userBody('eva@fjord.test', { externalId: 'ext-eva' }), { 'if-match': 'W/"99"' }), 412, undefined],
    ['a bad count', () => fjord('GET', '/Users?count=lots'), 400, 'invalidValue'],
    ['an unknown user', () => fjord('GET', '/Users/7d6a0a4c-0000-4000-8000-000000000000'), 404, undefined],
    ['an unknown path', () => fjord('GET', '/Widgets'), 404, undefined],
    ['a body nested 10,000 deep', () => fjord('POST', '/Users', '['.repeat(10_000) + ']'.repeat(10_000)), 400, undefined],
    ['a wrong media type', () => call(cloud, '/scim/v2/Users', { method: 'POST', body: '<userName/>', headers: { ...fjordHeaders(), 'content-type': 'application/xml' } }), 415, undefined],
  ];
  let fjordToken = '';
  const fjordHeaders = () => bearer(fjordToken);
  beforeAll(async () => {
    fjordToken = (await makeConnection(cloud, demoUsers.admin, 'Fjordvarme media type')).token;
  });

  for (const [name, send, status, scimType] of cases) {
    test(name, async () => {
      const before = await stored();
      expectScimError(await send(), status, scimType);
      expect(await stored()).toEqual(before);
    });
  }
});

describe('racing creates', () => {
  test('the same userName or externalId sent at once: one 201, the others 409 uniqueness, never a 5xx', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => fjord('POST', '/Users', userBody('twin@fjord.test'))),
      ...Array.from({ length: 4 }, (_, index) => fjord('POST', '/Users', userBody(`triplet${index}@fjord.test`, { externalId: 'ext-triplet' }))),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);
    for (const answer of answers.filter((one) => one.status === 409)) expectScimError(answer, 409, 'uniqueness');
  });
});

describe('tokens', () => {
  test('a missing, malformed, unknown, rotated or revoked token is 401 with a SCIM error', async () => {
    const admin = await usersToken(cloud, demoUsers.admin);
    const made = await makeConnection(cloud, demoUsers.admin, 'Rotating');
    expect(made.token.startsWith(SCIM_TOKEN_PREFIX)).toBe(true);
    expectScimError(await call(cloud, '/scim/v2/Users'), 401);
    expectScimError(await scim(cloud, 'not-a-token')('GET', '/Users'), 401);
    expectScimError(await scim(cloud, made.token.slice(0, -1) + (made.token.endsWith('a') ? 'b' : 'a'))('GET', '/Users'), 401);
    // A session's access token is no SCIM token.
    expectScimError(await scim(cloud, admin)('GET', '/Users'), 401);
    expect((await scim(cloud, made.token)('GET', '/Users')).status).toBe(200);

    const rotated = await call(cloud, `/cloud/users/directory/connections/${made.connection.id}/rotate`, { method: 'POST', headers: bearer(admin) });
    expect(rotated.status).toBe(200);
    expect(rotated.body.token).not.toBe(made.token);
    expectScimError(await scim(cloud, made.token)('GET', '/Users'), 401);
    expect((await scim(cloud, rotated.body.token)('GET', '/Users')).status).toBe(200);

    expect((await call(cloud, `/cloud/users/directory/connections/${made.connection.id}`, { method: 'DELETE', headers: bearer(admin) })).status).toBe(204);
    expectScimError(await scim(cloud, rotated.body.token)('GET', '/Users'), 401);
    const listed = (await call(cloud, '/cloud/users/directory/connections', { headers: bearer(admin) })).body.data;
    expect(listed.find((item: { id: string }) => item.id === made.connection.id).revokedAt).toBe(clock.now());
    expect(JSON.stringify(listed)).not.toContain(SCIM_TOKEN_PREFIX);
  });

  test('only an admin makes connections, from a signed-in session', async () => {
    const user = await usersToken(cloud, demoUsers.user);
    const refused = await call(cloud, '/cloud/users/directory/connections', { json: { name: 'Mine' }, headers: bearer(user) });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('admin');
  });
});

describe('rate limit', () => {
  test(`${SCIM_REQUESTS_PER_MINUTE} requests a minute are served; above, 429 with Retry-After; the next minute again`, async () => {
    const limited = scim(cloud, (await makeConnection(cloud, demoUsers.admin, 'Busy')).token);
    for (let sent = 0; sent < SCIM_REQUESTS_PER_MINUTE; sent += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => limited('GET', '/ServiceProviderConfig')));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    }
    const over = await limited('GET', '/ServiceProviderConfig');
    expectScimError(over, 429, 'tooMany');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another connection is not held up.
    expect((await fjord('GET', '/ServiceProviderConfig')).status).toBe(200);
    clock.advance(60_000);
    expect((await limited('GET', '/ServiceProviderConfig')).status).toBe(200);
  });
});

describe('a connection acts for its own partner only', () => {
  test("another partner's users and groups are not found, not listed and not changed", async () => {
    expectScimError(await nord('GET', `/Users/${userId}`), 404);
    expectScimError(await nord('PUT', `/Users/${userId}`, userBody('taken@nord.test')), 404);
    expectScimError(await nord('PATCH', `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] }), 404);
    expectScimError(await nord('DELETE', `/Users/${userId}`), 404);
    expectScimError(await nord('GET', `/Groups/${groupId}`), 404);
    expectScimError(await nord('PATCH', `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'displayName', value: 'Taken' }] }), 404);
    expectScimError(await nord('DELETE', `/Groups/${groupId}`), 404);
    for (const path of ['/Users', `/Users?filter=${encodeURIComponent('userName eq "eva@fjord.test"')}`, `/Users?filter=${encodeURIComponent('externalId eq "ext-eva"')}`, '/Groups', `/Groups?filter=${encodeURIComponent('displayName co "Fjord"')}`]) {
      const answer = await nord('GET', path);
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain('fjord');
    }
    // Nordbygg's own user cannot be put in Fjordvarme's group, nor Fjordvarme's user in Nordbygg's.
    const own = await nord('POST', '/Users', userBody('ola@nord.test'));
    expect(own.status).toBe(201);
    expectScimError(await fjord('PATCH', `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: own.body.id }] }] }), 400, 'invalidValue');
    const nordGroup = await nord('POST', '/Groups', { schemas: [GROUP], displayName: 'Nord', members: [{ value: userId }] });
    expectScimError(nordGroup, 400, 'invalidValue');
    // Fjordvarme's user is as it was.
    const eva = await fjord('GET', `/Users/${userId}`);
    expect(eva.body).toMatchObject({ userName: 'eva@fjord.test', active: true });
    expect((await fjord('GET', `/Groups/${groupId}`)).body.displayName).toBe('Fjord techs');
  });

  test("another partner's admin cannot rotate, revoke or map what is not theirs", async () => {
    const nordAdmin = await usersToken(cloud, demoUsers.partnerAdmin);
    const fjordAdmin = await usersToken(cloud, demoUsers.admin);
    const fjordConnection = (await call(cloud, '/cloud/users/directory/connections', { headers: bearer(fjordAdmin) })).body.data[0].id;
    expect((await call(cloud, `/cloud/users/directory/connections/${fjordConnection}/rotate`, { method: 'POST', headers: bearer(nordAdmin) })).status).toBe(404);
    expect((await call(cloud, `/cloud/users/directory/connections/${fjordConnection}`, { method: 'DELETE', headers: bearer(nordAdmin) })).status).toBe(404);
    expect((await call(cloud, `/cloud/users/directory/groups/${groupId}/access`, { method: 'PUT', json: { role: 'Admin', sites: [] }, headers: bearer(nordAdmin) })).status).toBe(404);
    const nordList = (await call(cloud, '/cloud/users/directory/groups', { headers: bearer(nordAdmin) })).body.data;
    expect(nordList.map((group: { id: string }) => group.id)).not.toContain(groupId);
    // A site the mapping admin does not have is refused.
    const nordSites = (await call(cloud, '/cloud/users/users/grantable', { headers: bearer(nordAdmin) })).body.controllers as string[];
    const mapped = await call(cloud, `/cloud/users/directory/groups/${groupId}/access`, { method: 'PUT', json: { role: 'User', sites: [nordSites[0]] }, headers: bearer(fjordAdmin) });
    expect(mapped.status).toBe(403);
    expect(mapped.body.detail).toContain(nordSites[0]);
  });
});
