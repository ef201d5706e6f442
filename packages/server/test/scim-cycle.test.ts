import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, latestMessageTo, signIn } from './helpers/http.js';
import { makeConnection, scim, usersToken } from './helpers/scim.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/**
 * The joiner → mover → leaver cycle (issue 36) with request bodies as Entra ID's and Okta's provisioning
 * documentation shows them, against a real cloud over HTTP, on the suite's engine (SQLite or PostgreSQL).
 */
let cloud: Cloud;
let adminToken: string;
let sites: string[];
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function adminCall(path: string, init: { method?: string; json?: unknown } = {}) {
  return call(cloud, `/cloud/users${path}`, { ...init, headers: bearer(adminToken) });
}

async function managedUser(uid: string) {
  const answer = await adminCall(`/users/${uid}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function mapGroup(groupId: string, role: string | null, groupSites: string[]) {
  const answer = await adminCall(`/directory/groups/${groupId}/access`, { method: 'PUT', json: { role, sites: groupSites } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function directoryRecords(connectionId: string) {
  return (await cloud.context.db
    .selectFrom('audit_records')
    .select(['action', 'object_id', 'summary'])
    .where('actor_kind', '=', 'directory')
    .where('actor_id', '=', connectionId)
    .execute()) as Array<{ action: string; object_id: string; summary: string }>;
}

beforeAll(async () => {
  cloud = await startCloud();
  adminToken = await usersToken(cloud, demoUsers.admin);
  sites = (await adminCall('/users/grantable')).body.controllers;
});
afterAll(() => cloud.close());

describe('Entra ID', () => {
  test('create, update, move between groups, deactivate and reactivate', async () => {
    const connection = await makeConnection(cloud, demoUsers.admin, 'Entra ID');
    expect(connection.baseUrl).toBe(`${cloud.url}/scim/v2`);
    const entra = scim(cloud, connection.token);

    // Entra looks the user up first, then creates them (its documented "Create User" body).
    const lookup = await entra('GET', `/Users?filter=${encodeURIComponent('userName eq "kari.tekniker@fm-firma.test"')}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, Resources: [] });
    const created = await entra('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'kari.tekniker@fm-firma.test',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'kari.tekniker@fm-firma.test' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Kari Tekniker', familyName: 'Tekniker', givenName: 'Kari' },
      preferredLanguage: 'sv-SE',
      roles: [],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Drift', employeeNumber: '4711' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('content-type')).toContain('application/scim+json');
    expect(created.headers.get('location')).toBe(`${cloud.url}/scim/v2/Users/${created.body.id}`);
    expect(created.headers.get('etag')).toBe('W/"1"');
    const uid: string = created.body.id;
    expect(created.body).toMatchObject({ userName: 'kari.tekniker@fm-firma.test', active: true, groups: [], meta: { resourceType: 'User', version: 'W/"1"' } });
    expect(created.body['urn:ietf:params:scim:schemas:extension:enterprise:2.0:User']).toEqual({ department: 'Drift', employeeNumber: '4711' });

    // A joiner with no password is invited, in their preferredLanguage.
    const invitation = await latestMessageTo(cloud, 'kari.tekniker@fm-firma.test');
    expect(invitation.subject).toBe('Du är inbjuden till Varde');
    expect(invitation.body).toContain('Anders Admin har gett dig ett Varde-konto.');
    // Marked in the admin's user list.
    const listed = (await adminCall(`/users?email=${encodeURIComponent('kari.tekniker@fm-firma.test')}`)).body.data[0];
    expect(listed).toMatchObject({ uid, name: 'Kari Tekniker', language: 'se', directory: 'Entra ID', role: 'Viewer' });

    // Groups (Entra's "Create Group" body) and the access a partner admin maps to them.
    const group = async (displayName: string, externalId: string) => {
      const answer = await entra('POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group', 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group'],
        externalId,
        displayName,
        meta: { resourceType: 'Group' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.id as string;
    };
    const technicians = await group('Technicians', '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159');
    const supervisors = await group('Supervisors', '9bb2b1d1-d5d4-5cd1-c5b6-3fg787a11260');
    await mapGroup(technicians, 'User', [sites[0]!, sites[1]!]);
    await mapGroup(supervisors, 'PowerUser', [sites[2]!]);

    const members = (op: string, id: string) => ({ schemas: [PATCH_OP], Operations: [{ op, path: 'members', value: [{ $ref: null, value: id }] }] });
    expect((await entra('PATCH', `/Groups/${technicians}`, members('Add', uid))).status).toBe(204);
    let user = await managedUser(uid);
    expect(user.role).toBe('User');
    expect(Object.keys(user.controllers).sort()).toEqual([sites[0], sites[1]].sort());

    // Update (Entra's "Update User [Multi-valued properties]" body).
    const updated = await entra('PATCH', `/Users/${uid}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'kari.t@fm-firma.test' },
        { op: 'Replace', path: 'name.familyName', value: 'Tekniker-Berg' },
        { op: 'Replace', path: 'displayName', value: 'Kari Tekniker-Berg' },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.emails).toEqual([{ primary: true, type: 'work', value: 'kari.t@fm-firma.test' }]);
    expect(updated.body.name.familyName).toBe('Tekniker-Berg');
    expect(updated.body.groups).toEqual([{ value: technicians, display: 'Technicians', $ref: `${cloud.url}/scim/v2/Groups/${technicians}` }]);
    expect((await managedUser(uid)).name).toBe('Kari Tekniker-Berg');

    // The user signs in (a password an admin set: the directory sent none) and makes an access token.
    expect((await adminCall(`/users/${uid}/password`, { json: { password: 'kari-passord-1' } })).status).toBe(200);
    const session = await signIn(cloud, 'kari.tekniker@fm-firma.test', 'kari-passord-1');
    const sitesToken = session.accessTokens['controllers-api.localhost']!;
    const pat = await call(cloud, '/cloud/auth/tokens', { json: { name: 'kari script' }, headers: bearer(session.accessTokens['auth.localhost']!) });
    expect(pat.status).toBe(201);
    expect((await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(pat.body.token) })).status).toBe(200);

    // Move between groups: out of Technicians (in no group for a moment: Viewer, a lower role, so the
    // session ends as after any lowering), into Supervisors.
    expect((await entra('PATCH', `/Groups/${technicians}`, members('Remove', uid))).status).toBe(204);
    expect((await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(sitesToken) })).status).toBe(401);
    expect((await entra('PATCH', `/Groups/${supervisors}`, members('Add', uid))).status).toBe(204);
    user = await managedUser(uid);
    expect(user.role).toBe('PowerUser');
    expect(Object.keys(user.controllers)).toEqual([sites[2]]);
    const moved = await signIn(cloud, 'kari.tekniker@fm-firma.test', 'kari-passord-1');
    const sitesToken2 = moved.accessTokens['controllers-api.localhost']!;
    const visible = await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(sitesToken2) });
    expect(visible.body.data.map((site: { uuid: string }) => site.uuid)).toEqual([sites[2]]);

    // A local edit of what the directory owns is refused, naming it; a password is still the admin's to set.
    const local = await adminCall(`/users/${uid}`, { method: 'PATCH', json: { name: 'Someone Else' } });
    expect(local.status).toBe(409);
    expect(local.body.detail).toContain('"Entra ID"');
    const localSite = await adminCall(`/users/${uid}/sites/${sites[3]}`, { method: 'PUT' });
    expect(localSite.status).toBe(409);
    expect(localSite.body.detail).toContain('"Entra ID"');
    expect((await adminCall(`/users/${uid}`, { method: 'DELETE' })).status).toBe(409);

    // Leaver: Entra's soft delete, `active` as the string "False" its older requests send.
    const off = await entra('PATCH', `/Users/${uid}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(sitesToken2) })).status).toBe(401);
    expect((await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(pat.body.token) })).status).toBe(401);
    const refused = await call(cloud, '/cloud/auth/login', { json: { piscadaId: 'kari.tekniker@fm-firma.test', password: 'kari-passord-1' } });
    expect(refused.status).toBe(401);
    expect((await managedUser(uid)).disabled).toBe(true);
    const filtered = await entra('GET', `/Users?filter=${encodeURIComponent('userName eq "kari.tekniker@fm-firma.test"')}`);
    expect(filtered.body.Resources[0].active).toBe(false);

    // Reactivation restores sign-in (the password is kept: no new one needed); the old token stays gone.
    const on = await entra('PATCH', `/Users/${uid}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: true }] });
    expect(on.body.active).toBe(true);
    await signIn(cloud, 'kari.tekniker@fm-firma.test', 'kari-passord-1');
    expect((await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(pat.body.token) })).status).toBe(401);

    // Every change is the connection's in the audit log.
    const actions = (await directoryRecords(connection.connection.id)).map((record) => record.action).sort();
    expect(actions).toEqual(['group.create', 'group.create', 'group.members', 'group.members', 'group.members', 'user.create', 'user.deactivate', 'user.reactivate', 'user.update'].sort());
  });
});

describe('Okta', () => {
  test('create with a password, replace, groups, deactivate, delete and come back', async () => {
    const connection = await makeConnection(cloud, demoUsers.admin, 'Okta');
    const okta = scim(cloud, connection.token);
    const lookup = await okta('GET', `/Users?filter=${encodeURIComponent('userName eq "test.user@okta.local"')}&startIndex=1&count=100`);
    expect(lookup.body.totalResults).toBe(0);
    // Okta's documented "Create the user" body.
    const body = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'test.user@okta.local',
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
      displayName: 'Test User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    };
    const created = await okta('POST', '/Users', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const uid: string = created.body.id;
    expect(created.body.password).toBeUndefined();
    // A password came: no invitation, and it signs in.
    expect(await cloud.context.outbox.list({ to: 'test.user@okta.local' })).toEqual([]);
    await signIn(cloud, 'test.user@okta.local', '1mz050nq');

    // Okta's profile update is a PUT of the whole user.
    const replaced = await okta('PUT', `/Users/${uid}`, { ...body, id: uid, name: { givenName: 'Another', familyName: 'User' }, displayName: 'Another User', password: undefined });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.name).toEqual({ givenName: 'Another', familyName: 'User' });
    expect((await managedUser(uid)).name).toBe('Another User');

    // Okta's group push: create, add members, rename (with its own id in the value), remove by value filter.
    const group = await okta('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Test SCIMv2', members: [] });
    expect(group.status).toBe(201);
    const groupId: string = group.body.id;
    await mapGroup(groupId, 'Guest', [sites[4]!]);
    const add = await okta('PATCH', `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: uid, display: 'test.user@okta.local' }] }] });
    expect(add.status).toBe(204);
    expect((await managedUser(uid)).role).toBe('Guest');
    const renamed = await okta('PATCH', `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { id: groupId, displayName: 'Test SCIMv2 renamed' } }] });
    expect(renamed.status).toBe(204);
    // Each change moves the version, and the 204's ETag is the one a read gives after it.
    expect(renamed.headers.get('etag')).not.toBe(add.headers.get('etag'));
    const afterRename = await okta('GET', `/Groups/${groupId}`);
    expect(afterRename.headers.get('etag')).toBe(renamed.headers.get('etag'));
    expect(afterRename.body).toMatchObject({ displayName: 'Test SCIMv2 renamed', members: [{ value: uid, display: 'test.user@okta.local' }] });
    const removed = await okta('PATCH', `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: `members[value eq "${uid}"]` }] });
    expect(removed.status).toBe(204);
    expect((await okta('GET', `/Groups/${groupId}?excludedAttributes=members`)).body.members).toBeUndefined();
    const user = await managedUser(uid);
    expect(user.role).toBe('Viewer');
    expect(user.controllers).toEqual({});

    // Okta deactivates with a path-less replace.
    const off = await okta('PATCH', `/Users/${uid}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.body.active).toBe(false);
    expect((await call(cloud, '/cloud/auth/login', { json: { piscadaId: 'test.user@okta.local', password: '1mz050nq' } })).status).toBe(401);
    // and may delete: gone for the directory, kept (disabled) with its history for Varde.
    expect((await okta('DELETE', `/Users/${uid}`)).status).toBe(204);
    expect((await okta('GET', `/Users/${uid}`)).status).toBe(404);
    const kept = await managedUser(uid);
    expect(kept.disabled).toBe(true);
    expect(kept.directory).toBeUndefined();

    // The same person joins again: the account comes back, active, with its uid.
    const back = await okta('POST', '/Users', body);
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.id).toBe(uid);
    expect(back.body.active).toBe(true);
    await signIn(cloud, 'test.user@okta.local', '1mz050nq');
    expect((await directoryRecords(connection.connection.id)).map((record) => record.action)).toContain('user.delete');
  });
});
