import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoUsers, type DemoUserKey } from '../src/seed/demoUsers.js';
import { demoSites } from '../src/seed/demoSites.js';
import { bearer, call, latestMessageTo, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** The users service over real HTTP against an in-memory demo cloud. */
let cloud: Cloud;
const tokens = new Map<DemoUserKey, string>();
const sites = demoSites();

beforeAll(async () => {
  cloud = await startCloud();
  for (const key of ['systemAdmin', 'admin', 'powerUser', 'user', 'guest', 'viewer'] as DemoUserKey[]) {
    const signedIn = await signIn(cloud, demoUsers[key].email, demoUsers[key].password);
    tokens.set(key, signedIn.accessTokens['users.localhost']!);
  }
});
afterAll(() => cloud.close());

function as(key: DemoUserKey, path: string, init: { method?: string; json?: unknown } = {}) {
  return call(cloud, `/cloud/users${path}`, { ...init, headers: bearer(tokens.get(key)!) });
}

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `new${counter}@example.test`;
}

const adminSite = sites[0]!.uuid; // admin has sites 0-30, user 0-10
const nordbyggSite = sites[45]!.uuid; // only the Nordbygg admin and the system admin have it

describe('POST /users', () => {
  it('creates a user: 201, Location whose tail after 7 characters is the id, and the admin subscribes to it', async () => {
    const username = newEmail();
    const answer = await as('admin', '/users', {
      json: { username, name: 'Nina Ny', role: 'User', phone: '+47 400 00 000', controllers: { [adminSite]: true } },
    });
    expect(answer.status).toBe(201);
    const location = answer.headers.get('location')!;
    const uid = location.slice(7);
    expect(location).toBe(`/users/${uid}`);
    expect(answer.body).toMatchObject({ uid, username, name: 'Nina Ny', role: 'User', controllers: { [adminSite]: true } });

    const profile = (await cloud.context.realtime.get(`/users/${uid}`)) as Record<string, unknown>;
    expect(profile).toMatchObject({ uid, email: username, role: 'User', name: 'Nina Ny' });
    const entry = await cloud.context.realtime.get(`/users/${demoUid('admin')}/adminUsers/${uid}`);
    expect(entry).toMatchObject({ controllers: { [adminSite]: true } });

    const again = await as('admin', '/users', { json: { username: username.toUpperCase(), name: 'X', role: 'User' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('User already exists');
  });

  it('of creates sent at once, each is answered alone: one of two with one address gets 409, a bad one does not spoil the others', async () => {
    const username = newEmail();
    const answers = await Promise.all([
      as('admin', '/users', { json: { username, name: 'Twin A', role: 'User' } }),
      as('admin', '/users', { json: { username, name: 'Twin B', role: 'User' } }),
      as('admin', '/users', { json: { username: newEmail(), name: 'Not allowed here', role: 'User', controllers: { [nordbyggSite]: true } } }),
      as('admin', '/users', { json: { username: newEmail(), name: 'Bystander', role: 'User' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([expect.any(Number), expect.any(Number), 403, 201]);
    expect(answers.slice(0, 2).map((answer) => answer.status).sort()).toEqual([201, 409]);
    const listed = await as('admin', `/users?email=${encodeURIComponent(username)}`);
    expect(listed.body.total).toBe(1);
    expect(await cloud.context.realtime.get(`/users/${answers[3]!.body.uid}/name`)).toBe('Bystander');
  });

  it('follows the grant matrix: a User grants User, Guest, Viewer but never Admin; Guest and Viewer add no one', async () => {
    const refused = await as('user', '/users', { json: { username: newEmail(), name: 'A', role: 'Admin' } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('A User cannot grant the role Admin');
    for (const role of ['User', 'Guest', 'Viewer']) {
      expect((await as('user', '/users', { json: { username: newEmail(), name: 'B', role } })).status).toBe(201);
    }
    for (const key of ['guest', 'viewer'] as const) {
      const answer = await as(key, '/users', { json: { username: newEmail(), name: 'C', role: 'Viewer' } });
      expect(answer.status).toBe(403);
    }
    const power = await as('powerUser', '/users', { json: { username: newEmail(), name: 'D', role: 'Admin' } });
    expect(power.status).toBe(201);
  });

  it('a User does not subscribe to the users it creates (only Admin and PowerUser do)', async () => {
    const answer = await as('user', '/users', { json: { username: newEmail(), name: 'E', role: 'Guest' } });
    expect(await cloud.context.realtime.get(`/users/${demoUid('user')}/adminUsers/${answer.body.uid}`)).toBeNull();
    expect((await as('user', `/users/${answer.body.uid}`)).status).toBe(404);
  });

  it('grants only sites, modules and partners the actor has', async () => {
    const site = await as('admin', '/users', { json: { username: newEmail(), name: 'F', role: 'User', controllers: { [nordbyggSite]: true } } });
    expect(site.status).toBe(403);
    expect(site.body.detail).toBe(`You cannot grant the site ${nordbyggSite}: you do not have it`);
    const module = await as('user', '/users', { json: { username: newEmail(), name: 'G', role: 'User', moduleAccesses: { users: true } } });
    expect(module.status).toBe(403);
    const partner = await as('admin', '/users', { json: { username: newEmail(), name: 'H', role: 'User', licensingPartners: { nordbygg: true } } });
    expect(partner.status).toBe(403);
    const ok = await as('admin', '/users', { json: { username: newEmail(), name: 'I', role: 'User', licensingPartners: { fjordvarme: true } } });
    expect(ok.status).toBe(201);
  });

  it('answers bad bodies with 400 and the field in detail', async () => {
    const answer = await as('admin', '/users', { json: { username: 'not-an-email', name: '', role: 'Boss' } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('username: E-mail must be valid');
    expect(answer.body.detail).toContain('name: Name is required');
  });
});

describe('managing a sub-user', () => {
  async function created(by: DemoUserKey = 'admin') {
    // No module named explicitly ({}): the toggles below start from nothing.
    const answer = await as(by, '/users', { json: { username: newEmail(), name: 'Sub User', role: 'Guest', moduleAccesses: {} } });
    expect(answer.status).toBe(201);
    return answer.body.uid as string;
  }

  it('gives a new user the modules their role implies when none are named, of those the adder has', async () => {
    const guest = await as('admin', '/users', { json: { username: newEmail(), name: 'Guest Default', role: 'Guest' } });
    expect(guest.body.moduleAccesses).toEqual({ sites: true, alarms: true });
    const admin = await as('admin', '/users', { json: { username: newEmail(), name: 'Admin Default', role: 'Admin' } });
    expect(Object.keys(admin.body.moduleAccesses).sort()).toEqual(['alarms', 'apps', 'bim', 'functions', 'licensing', 'mlexplorer', 'notifications', 'search', 'sites', 'users']);
    // A power user lacks licensing and users: their new user gets the rest of the role's set.
    const byPower = await as('powerUser', '/users', { json: { username: newEmail(), name: 'Power Default', role: 'User' } });
    expect(byPower.body.moduleAccesses).toEqual({ sites: true, alarms: true, search: true });
  });

  it('toggles sites and modules (idempotent), mirrored in the manager\'s adminUsers', async () => {
    const uid = await created();
    expect((await as('admin', `/users/${uid}/sites/${adminSite}`, { method: 'PUT' })).body.controllers).toEqual({ [adminSite]: true });
    expect((await as('admin', `/users/${uid}/sites/${adminSite}`, { method: 'PUT' })).status).toBe(200);
    const module = await as('admin', `/users/${uid}/modules/alarms`, { method: 'PUT' });
    expect(module.body.moduleAccesses).toEqual({ alarms: true });
    expect(await cloud.context.realtime.get(`/users/${demoUid('admin')}/adminUsers/${uid}`)).toMatchObject({
      controllers: { [adminSite]: true },
      moduleAccesses: { alarms: true },
    });
    const off = await as('admin', `/users/${uid}/sites/${adminSite}`, { method: 'DELETE' });
    expect(off.body.controllers).toEqual({});
    // Still managed after the last site went: the entry outlives its grants.
    expect((await as('admin', `/users/${uid}`)).status).toBe(200);
    expect((await as('admin', `/users/${uid}/modules/nonsense`, { method: 'PUT' })).status).toBe(400);
    expect((await as('admin', `/users/${uid}/sites/${nordbyggSite}`, { method: 'PUT' })).status).toBe(403);
  });

  it('PowerUser lacks the licensing module, so cannot toggle it', async () => {
    const uid = await created('powerUser');
    const answer = await as('powerUser', `/users/${uid}/modules/licensing`, { method: 'PUT' });
    expect(answer.status).toBe(403);
  });

  it('licensing partners per user live in the realtime database, limited to the actor\'s own', async () => {
    const uid = await created();
    expect((await as('admin', `/users/${uid}/licensingPartners/fjordvarme`, { method: 'PUT' })).status).toBe(200);
    expect(await cloud.context.realtime.get(`/users/${uid}/licensingPartners`)).toEqual({ fjordvarme: true });
    expect((await as('admin', `/users/${uid}/licensingPartners/nordbygg`, { method: 'PUT' })).status).toBe(403);
  });

  it('updates properties with PATCH and checks the role against the grant matrix', async () => {
    const uid = await created();
    const username = newEmail();
    const answer = await as('admin', `/users/${uid}`, {
      method: 'PATCH',
      json: { username, name: 'Renamed', phone: '+4712345678', role: 'PowerUser', language: 'no' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ username, name: 'Renamed', phone: '+4712345678', role: 'PowerUser', language: 'no' });
    expect((await as('admin', `/users/${uid}`, { method: 'PATCH', json: {} })).status).toBe(400);
    expect((await as('admin', `/users/${uid}`, { method: 'PATCH', json: { username: demoUsers.user.email } })).status).toBe(409);
  });

  it('lets a user change their own name and language but not their role', async () => {
    const own = demoUid('viewer');
    expect((await as('viewer', `/users/${own}`, { method: 'PATCH', json: { name: 'Vera V' } })).body.name).toBe('Vera V');
    const role = await as('viewer', `/users/${own}`, { method: 'PATCH', json: { role: 'Admin' } });
    expect(role.status).toBe(403);
  });

  it('hides users one does not manage (404), even when they exist', async () => {
    const uid = await created('admin');
    expect((await as('user', `/users/${uid}`)).status).toBe(404);
    expect((await as('user', `/users/${uid}`, { method: 'DELETE' })).status).toBe(404);
    expect((await as('user', `/users/${uid}/sites/${adminSite}`, { method: 'PUT' })).status).toBe(404);
    expect((await as('powerUser', `/users/${demoUid('admin')}`, { method: 'PATCH', json: { name: 'x' } })).status).toBe(404);
  });

  it('sets a password (Admin) that the user signs in with; a User may not set others\' passwords', async () => {
    const uid = await created();
    const username = (await as('admin', `/users/${uid}`)).body.username as string;
    expect((await as('admin', `/users/${uid}/password`, { json: { password: 'short' } })).status).toBe(400);
    expect((await as('admin', `/users/${uid}/password`, { json: { password: 'new-password-1' } })).body).toEqual({ ok: true });
    await signIn(cloud, username, 'new-password-1');
    const userMade = await as('user', '/users', { json: { username: newEmail(), name: 'J', role: 'Guest' } });
    expect((await as('user', `/users/${userMade.body.uid}/password`, { json: { password: 'whatever1' } })).status).toBe(404);
  });

  it('sends a reset-password e-mail with a link', async () => {
    const uid = await created();
    const username = (await as('admin', `/users/${uid}`)).body.username as string;
    expect((await as('admin', `/users/${uid}/reset-password`, { method: 'POST' })).body).toEqual({ ok: true });
    const message = await latestMessageTo(cloud, username);
    expect(message.body).toContain(`/reset-password#uuid=${uid}&ticket=`);
  });

  it('deletes a user everywhere; the caller cannot delete themselves', async () => {
    const uid = await created();
    const deleted = await as('admin', `/users/${uid}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await cloud.context.realtime.get(`/users/${uid}`)).toBeNull();
    expect(await cloud.context.realtime.get(`/users/${demoUid('admin')}/adminUsers/${uid}`)).toBeNull();
    expect((await as('admin', `/users/${uid}`)).status).toBe(404);
    expect((await as('admin', `/users/${demoUid('admin')}`, { method: 'DELETE' })).status).toBe(403);
  });
});

describe('GET /users', () => {
  it('lists the caller\'s sub-users by username, searches, finds by e-mail, pages', async () => {
    const list = await as('powerUser', '/users');
    const usernames = list.body.data.map((user: { username: string }) => user.username);
    expect(usernames).toEqual(expect.arrayContaining([demoUsers.guest.email, demoUsers.viewer.email]));
    expect(usernames).toEqual([...usernames].sort());
    expect(usernames).not.toContain(demoUsers.admin.email);
    const search = await as('admin', '/users?search=vera');
    expect(search.body.data.map((user: { username: string }) => user.username)).toEqual([demoUsers.viewer.email]);
    const byEmail = await as('admin', `/users?email=${encodeURIComponent(demoUsers.guest.email.toUpperCase())}`);
    expect(byEmail.body).toMatchObject({ total: 1, data: [{ uid: demoUid('guest') }] });
    const hidden = await as('powerUser', `/users?email=${encodeURIComponent(demoUsers.admin.email)}`);
    expect(hidden.body).toEqual({ data: [], total: 0 });
    const page = await as('admin', '/users?offset=1&limit=2');
    expect(page.body.data).toHaveLength(2);
    expect((await as('admin', '/users?limit=0')).status).toBe(400);
  });

  it('GET /users/grantable says what the caller may hand out', async () => {
    const user = await as('user', '/users/grantable');
    expect(user.body.roles).toEqual(['User', 'Guest', 'Viewer']);
    expect(user.body.controllers).toHaveLength(10);
    expect(user.body.moduleAccesses).toEqual(['alarms', 'sites', 'search']);
    expect((await as('viewer', '/users/grantable')).body.roles).toEqual([]);
    expect((await as('systemAdmin', '/users/grantable')).body.controllers).toHaveLength(60);
  });
});

describe('import sources, invitations held back, disabled users (issue 34)', () => {
  it('stores a source with a create and a PATCH, lists by source, and refuses a bad source with 400', async () => {
    const username = newEmail();
    const made = await as('admin', '/users', { json: { username, name: 'From HR', role: 'User', source: 'hr', invite: false } });
    expect(made.status).toBe(201);
    expect(made.body.source).toBe('hr');
    const other = await as('admin', '/users', { json: { username: newEmail(), name: 'By Hand', role: 'User', invite: false } });
    const listed = await as('admin', '/users?source=hr');
    expect(listed.body.data.map((user: { username: string }) => user.username)).toEqual([username]);
    expect((await as('admin', `/users/${other.body.uid}`, { method: 'PATCH', json: { source: 'payroll' } })).body.source).toBe('payroll');
    expect((await as('admin', `/users/${other.body.uid}`, { method: 'PATCH', json: { source: null } })).body.source).toBeUndefined();
    const bad = await as('admin', '/users', { json: { username: newEmail(), name: 'X', role: 'User', source: 'Not A Source!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('source: Source must be');
  });

  it('invite:false sends no invitation; without it the invitation goes out', async () => {
    const quiet = newEmail();
    const since = Date.now();
    expect((await as('admin', '/users', { json: { username: quiet, name: 'Quiet', role: 'User', invite: false } })).status).toBe(201);
    const invited = newEmail();
    expect((await as('admin', '/users', { json: { username: invited, name: 'Invited', role: 'User' } })).status).toBe(201);
    const sent = (await cloud.context.outbox.list({ since })).map((message) => message.to);
    expect(sent).toContain(invited);
    expect(sent).not.toContain(quiet);
  });

  it('PATCH disabled ends the user\'s sessions at once and shows in the list; enabling again clears it; nobody disables themselves', async () => {
    const username = newEmail();
    const made = await as('admin', '/users', { json: { username, name: 'Leaver', role: 'User', password: 'leaver-password-1' } });
    const session = await signIn(cloud, username, 'leaver-password-1');
    const own = () => call(cloud, '/cloud/users/users/grantable', { headers: bearer(session.accessTokens['users.localhost']!) });
    expect((await own()).status).toBe(200);

    const disabled = await as('admin', `/users/${made.body.uid}`, { method: 'PATCH', json: { disabled: true } });
    expect(disabled.body.disabled).toBe(true);
    expect((await own()).status).toBe(401);
    expect((await cloud.context.db.selectFrom('accounts').select('disabled_at').where('uid', '=', made.body.uid).executeTakeFirst())?.disabled_at).not.toBeNull();
    const enabled = await as('admin', `/users/${made.body.uid}`, { method: 'PATCH', json: { disabled: false } });
    expect(enabled.body.disabled).toBeUndefined();
    const self = await as('admin', `/users/${demoUid('admin')}`, { method: 'PATCH', json: { disabled: true } });
    expect(self.status).toBe(403);
  });

  it('GET /users/grantable names the partner\'s phone country when it has one', async () => {
    expect((await as('admin', '/users/grantable')).body.defaultCountry).toBeUndefined();
    const partner = (await cloud.context.realtime.get(`/users/${demoUid('admin')}/mainPartner`)) as string;
    await cloud.context.realtime.set(`/partners/${partner}/defaultCountry`, 'SE');
    expect((await as('admin', '/users/grantable')).body.defaultCountry).toBe('SE');
    await cloud.context.realtime.set(`/partners/${partner}/defaultCountry`, null);
  });
});
