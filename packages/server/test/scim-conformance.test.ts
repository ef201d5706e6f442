import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { makeConnection } from './helpers/scim.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/**
 * SCIM 2.0 conformance checks written from RFC 7644's (and RFC 7643's) own examples, run from outside
 * against /scim/v2 with nothing but a connection's base URL and token over HTTP (no npm or Debian package
 * offers a SCIM conformance suite that runs offline; docs/decisions/023). Each test names its section.
 */
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

let cloud: Cloud;
let baseUrl: string;
let token: string;

async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/scim+json', ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
const q = (filter: string) => `filter=${encodeURIComponent(filter)}`;

beforeAll(async () => {
  cloud = await startCloud();
  const connection = await makeConnection(cloud, demoUsers.admin, 'Conformance');
  baseUrl = connection.baseUrl;
  token = connection.token;
});
afterAll(() => cloud.close());

describe('discovery (RFC 7644 section 4)', () => {
  test('ServiceProviderConfig tells patch, filter and etag supported, bulk and sort not, and the bearer scheme', async () => {
    const answer = await request('GET', '/ServiceProviderConfig');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/scim+json');
    expect(answer.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: true },
    });
    expect(answer.body.filter.maxResults).toBeGreaterThan(0);
    expect(answer.body.authenticationSchemes[0].type).toBe('oauthbearertoken');
  });

  test('ResourceTypes lists User and Group with their endpoints and schemas; one by id', async () => {
    const answer = await request('GET', '/ResourceTypes');
    expect(answer.body.schemas).toEqual([LIST]);
    expect(answer.body.totalResults).toBe(2);
    const byId = Object.fromEntries(answer.body.Resources.map((type: { id: string }) => [type.id, type]));
    expect(byId.User).toMatchObject({ endpoint: '/Users', schema: USER, schemaExtensions: [{ schema: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User', required: false }] });
    expect(byId.Group).toMatchObject({ endpoint: '/Groups', schema: GROUP });
    expect((await request('GET', '/ResourceTypes/User')).body.id).toBe('User');
  });

  test('Schemas describe the core User and Group attributes with their characteristics (RFC 7643 section 7)', async () => {
    const answer = await request('GET', '/Schemas');
    const user = answer.body.Resources.find((schema: { id: string }) => schema.id === USER);
    const names = user.attributes.map((attribute: { name: string }) => attribute.name);
    for (const name of ['userName', 'name', 'displayName', 'emails', 'phoneNumbers', 'active', 'preferredLanguage', 'groups', 'password']) expect(names).toContain(name);
    const userName = user.attributes.find((attribute: { name: string }) => attribute.name === 'userName');
    expect(userName).toMatchObject({ type: 'string', required: true, uniqueness: 'server', mutability: 'readWrite', multiValued: false });
    expect(user.attributes.find((attribute: { name: string }) => attribute.name === 'groups').mutability).toBe('readOnly');
    expect(user.attributes.find((attribute: { name: string }) => attribute.name === 'password').returned).toBe('never');
    const group = (await request('GET', `/Schemas/${GROUP}`)).body;
    expect(group.attributes.map((attribute: { name: string }) => attribute.name)).toEqual(['displayName', 'members']);
  });
});

describe('users (RFC 7644 sections 3.3-3.6)', () => {
  let bjensen: string;
  // Section 3.3's example, with userName as the sign-in address this service requires.
  const bjensenBody = {
    schemas: [USER],
    userName: 'bjensen@example.com',
    externalId: 'bjensen',
    name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
  };

  test('3.3 POST creates: 201, Location, meta with version, the id the service assigned', async () => {
    const answer = await request('POST', '/Users', bjensenBody);
    expect(answer.status).toBe(201);
    bjensen = answer.body.id;
    expect(typeof bjensen).toBe('string');
    expect(answer.headers.get('location')).toBe(answer.body.meta.location);
    expect(answer.headers.get('etag')).toBe(answer.body.meta.version);
    expect(answer.body).toMatchObject({ schemas: [USER], userName: 'bjensen@example.com', externalId: 'bjensen', name: bjensenBody.name, meta: { resourceType: 'User' } });
    expect(Date.parse(answer.body.meta.created)).not.toBeNaN();
  });

  test('3.3 a second POST of the same userName is 409 uniqueness', async () => {
    const answer = await request('POST', '/Users', bjensenBody);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
  });

  test('3.4.1 GET by id answers the resource with its ETag', async () => {
    const answer = await request('GET', `/Users/${bjensen}`);
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(bjensen);
    expect(answer.headers.get('etag')).toBe(answer.body.meta.version);
  });

  test('3.4.2.2 filters: eq, co, sw, pr, and, or, not, grouping, value paths, case-insensitive names', async () => {
    for (const [index, name] of ['jsmith', 'jdoe', 'kwilliams'].entries()) {
      const created = await request('POST', '/Users', {
        schemas: [USER],
        userName: `${name}@example.org`,
        displayName: `${name} ${index}`,
        emails: [{ value: `${name}@work.example.org`, type: 'work' }],
        ...(index === 0 ? { title: 'Tour Guide' } : {}),
      });
      expect(created.status).toBe(201);
    }
    const names = async (filter: string) => {
      const answer = await request('GET', `/Users?${q(filter)}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.schemas).toEqual([LIST]);
      return answer.body.Resources.map((user: { userName: string }) => user.userName).sort();
    };
    expect(await names('userName eq "BJENSEN@example.com"')).toEqual(['bjensen@example.com']);
    expect(await names('name.familyName co "ense"')).toEqual(['bjensen@example.com']);
    expect(await names('userName sw "J"')).toEqual(['jdoe@example.org', 'jsmith@example.org']);
    expect(await names('title pr')).toEqual(['jsmith@example.org']);
    expect(await names('title pr and userName sw "j"')).toEqual(['jsmith@example.org']);
    expect(await names('title pr or userName eq "jdoe@example.org"')).toEqual(['jdoe@example.org', 'jsmith@example.org']);
    expect(await names('userName sw "j" and not (title pr)')).toEqual(['jdoe@example.org']);
    expect(await names('emails[type eq "work" and value co "@work.example.org"]')).toEqual(['jdoe@example.org', 'jsmith@example.org', 'kwilliams@example.org']);
    expect(await names('emails.value co "kwilliams"')).toEqual(['kwilliams@example.org']);
    expect(await names('USERNAME eq "jdoe@example.org"')).toEqual(['jdoe@example.org']);
    expect(await names('externalId eq "bjensen"')).toEqual(['bjensen@example.com']);
    expect(await names('displayName eq "jdoe 1"')).toEqual(['jdoe@example.org']);
    expect(await names(`urn:ietf:params:scim:schemas:core:2.0:User:userName eq "jdoe@example.org"`)).toEqual(['jdoe@example.org']);
  });

  test('3.4.2.2 an invalid filter is 400 invalidFilter', async () => {
    const answer = await request('GET', `/Users?${q('userName eq "a" and')}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ schemas: [ERROR], scimType: 'invalidFilter' });
  });

  test('3.4.2.4 paging: startIndex and count, totalResults, itemsPerPage; pages in a stable order', async () => {
    const all = await request('GET', '/Users');
    const total = all.body.totalResults as number;
    expect(total).toBe(4);
    const first = await request('GET', '/Users?startIndex=1&count=2');
    expect(first.body).toMatchObject({ totalResults: total, startIndex: 1, itemsPerPage: 2 });
    const second = await request('GET', '/Users?startIndex=3&count=2');
    expect(second.body).toMatchObject({ totalResults: total, startIndex: 3, itemsPerPage: 2 });
    const ids = [...first.body.Resources, ...second.body.Resources].map((user: { id: string }) => user.id);
    expect(ids).toEqual(all.body.Resources.map((user: { id: string }) => user.id));
    const none = await request('GET', '/Users?count=0');
    expect(none.body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
    const past = await request('GET', '/Users?startIndex=100');
    expect(past.body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
  });

  test('3.4.2.5 attributes and excludedAttributes', async () => {
    const only = await request('GET', `/Users/${bjensen}?attributes=userName`);
    expect(Object.keys(only.body).sort()).toEqual(['id', 'meta', 'schemas', 'userName']);
    const without = await request('GET', `/Users?${q('userName eq "bjensen@example.com"')}&excludedAttributes=name,groups`);
    expect(without.body.Resources[0].name).toBeUndefined();
    expect(without.body.Resources[0].groups).toBeUndefined();
    expect(without.body.Resources[0].userName).toBe('bjensen@example.com');
  });

  test('3.5.1 PUT replaces: attributes left out are gone; readOnly ones sent are ignored', async () => {
    const answer = await request('PUT', `/Users/${bjensen}`, {
      schemas: [USER],
      id: bjensen,
      userName: 'bjensen@example.com',
      externalId: 'bjensen',
      name: { familyName: 'Jensen', givenName: 'Barbara', middleName: 'Jane' },
      emails: [{ value: 'bjensen@example.com' }, { value: 'babs@jensen.org' }],
      meta: { resourceType: 'User', created: '2000-01-01T00:00:00Z' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.name).toEqual({ familyName: 'Jensen', givenName: 'Barbara', middleName: 'Jane' });
    expect(answer.body.emails).toHaveLength(2);
    expect(answer.body.meta.created).not.toBe('2000-01-01T00:00:00Z');
    expect(answer.body.meta.version).not.toBe('W/"1"');
  });

  test('3.5.2 PATCH add, replace and remove, with and without path, and a value filter', async () => {
    const patch = (Operations: unknown[]) => request('PATCH', `/Users/${bjensen}`, { schemas: [PATCH_OP], Operations });
    // 3.5.2.1 add without a path: the value's attributes are added.
    let answer = await patch([{ op: 'add', value: { emails: [{ value: 'babs@jensen.org', type: 'home' }], nickName: 'Babs' } }]);
    expect(answer.status).toBe(200);
    expect(answer.body.nickName).toBe('Babs');
    // 3.5.2.3 replace with a value filter in the path.
    answer = await patch([{ op: 'replace', path: 'emails[type eq "home"].value', value: 'barbara@jensen.org' }]);
    expect(answer.body.emails.find((email: { type?: string }) => email.type === 'home').value).toBe('barbara@jensen.org');
    // replace of a sub-attribute.
    answer = await patch([{ op: 'replace', path: 'name.givenName', value: 'Babs' }]);
    expect(answer.body.name.givenName).toBe('Babs');
    // 3.5.2.2 remove with a value filter, and a whole attribute.
    answer = await patch([{ op: 'remove', path: 'emails[type eq "home"]' }, { op: 'remove', path: 'nickName' }]);
    expect(answer.body.emails.some((email: { type?: string }) => email.type === 'home')).toBe(false);
    expect(answer.body.nickName).toBeUndefined();
  });

  test('3.14 ETags: If-Match with the current version succeeds, a stale one is 412', async () => {
    const current = await request('GET', `/Users/${bjensen}`);
    const version = current.headers.get('etag')!;
    const patch = { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'title', value: 'Manager' }] };
    const ok = await request('PATCH', `/Users/${bjensen}`, patch, { 'if-match': version });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('etag')).not.toBe(version);
    const stale = await request('PATCH', `/Users/${bjensen}`, patch, { 'if-match': version });
    expect(stale.status).toBe(412);
    expect(stale.body.schemas).toEqual([ERROR]);
  });

  test('3.6 DELETE: 204, then 404 for the resource', async () => {
    const created = await request('POST', '/Users', { schemas: [USER], userName: 'leaving@example.com' });
    expect((await request('DELETE', `/Users/${created.body.id}`)).status).toBe(204);
    const gone = await request('GET', `/Users/${created.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ schemas: [ERROR], status: '404' });
  });
});

describe('groups (RFC 7644 sections 3.3-3.6, 3.5.2 examples)', () => {
  test('create with members, add, remove by value filter, replace members, filter by displayName, delete', async () => {
    const users = await Promise.all(['g1', 'g2', 'g3'].map((name) => request('POST', '/Users', { schemas: [USER], userName: `${name}@example.net` })));
    const [a, b, c] = users.map((user) => user.body.id as string);
    const created = await request('POST', '/Groups', { schemas: [GROUP], displayName: 'Tour Guides', members: [{ value: a, $ref: `${baseUrl}/Users/${a}` }] });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body.members.map((member: { value: string }) => member.value)).toEqual([a]);
    const patch = (Operations: unknown[]) => request('PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations });
    const members = async () => (await request('GET', `/Groups/${id}`)).body.members.map((member: { value: string }) => member.value).sort();
    // 3.5.2.1: add members.
    expect([200, 204]).toContain((await patch([{ op: 'add', path: 'members', value: [{ display: 'B', $ref: `${baseUrl}/Users/${b}`, value: b }] }])).status);
    expect(await members()).toEqual([a, b].sort());
    // 3.5.2.2: remove one member by a value filter.
    await patch([{ op: 'remove', path: `members[value eq "${a}"]` }]);
    expect(await members()).toEqual([b]);
    // 3.5.2.3: replace all members.
    await patch([{ op: 'replace', path: 'members', value: [{ value: a }, { value: c }] }]);
    expect(await members()).toEqual([a, c].sort());
    // 3.5.2.2: remove all members.
    await patch([{ op: 'remove', path: 'members' }]);
    expect(await members()).toEqual([]);
    const found = await request('GET', `/Groups?${q('displayName eq "tour guides"')}`);
    expect(found.body.Resources.map((group: { id: string }) => group.id)).toEqual([id]);
    expect((await request('DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await request('GET', `/Groups/${id}`)).status).toBe(404);
  });
});

describe('errors (RFC 7644 section 3.12)', () => {
  test('every error is a SCIM error body with status as a string; no token is 401', async () => {
    const unauthorised = await fetch(`${baseUrl}/Users`);
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toMatchObject({ schemas: [ERROR], status: '401' });
    const bad = await request('POST', '/Users', { schemas: [USER] });
    expect(bad).toMatchObject({ status: 400, body: { schemas: [ERROR], status: '400', scimType: 'invalidValue' } });
  });
});
