import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCESS_TOKEN_PREFIX } from '@varde/core/contract';
import { demoUsers } from '../src/seed/demoUsers.js';
import { hasValidChecksum, newPersonalAccessToken } from '../src/tokens/patFormat.js';
import { bearer, call, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/**
 * Personal access tokens and service accounts (issue 34), as a script and an attacker use them: over
 * HTTP against a real cloud on the test clock.
 */
const clock = manualClock(Date.UTC(2026, 10, 28, 12));
let cloud: Cloud;
const DAY = 24 * 60 * 60 * 1000;

async function sessionToken(user: { email: string; password: string }, service = 'auth') {
  const signedIn = await signIn(cloud, user.email, user.password);
  return signedIn.accessTokens[`${service}.localhost`]!;
}

async function makeToken(user: { email: string; password: string }, body: Record<string, unknown>) {
  const answer = await call(cloud, '/cloud/auth/tokens', { json: body, headers: bearer(await sessionToken(user)) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string; token: string; expiresAt: number | null; name: string };
}

beforeAll(async () => {
  cloud = await startCloud({ clock });
});
afterAll(() => cloud.close());

describe('the token format', () => {
  test('has the scanner prefix and a checksum that catches a changed character', () => {
    const token = newPersonalAccessToken();
    expect(token.startsWith(ACCESS_TOKEN_PREFIX)).toBe(true);
    expect(token).toHaveLength(ACCESS_TOKEN_PREFIX.length + 38);
    expect(hasValidChecksum(token)).toBe(true);
    const last = token.at(-1) === 'a' ? 'b' : 'a';
    expect(hasValidChecksum(token.slice(0, -1) + last)).toBe(false);
    expect(hasValidChecksum(token.slice(0, -1))).toBe(false);
  });
});

describe('personal access tokens', () => {
  test('a token made once is shown once, listed without its secret, and works as the account on every service', async () => {
    const made = await makeToken(demoUsers.user, { name: 'nightly report' });
    expect(made.expiresAt).toBe(clock.now() + 90 * DAY);
    const list = await call(cloud, '/cloud/auth/tokens', { headers: bearer(made.token) });
    expect(list.status).toBe(200);
    const listed = list.body.data.find((token: { name: string }) => token.name === 'nightly report');
    expect(listed).toMatchObject({ id: made.id, scope: 'write', expiresAt: made.expiresAt });
    expect(JSON.stringify(list.body)).not.toContain(made.token);

    const sites = await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(made.token) });
    expect(sites.status).toBe(200);
    const viaSession = await call(cloud, '/cloud/controllers-api/controllers', {
      headers: bearer(await sessionToken(demoUsers.user, 'controllers-api')),
    });
    expect(sites.body).toEqual(viaSession.body);
    const alarms = await call(cloud, '/cloud/alarms/alarms', { headers: bearer(made.token) });
    expect(alarms.status).toBe(200);
  });

  test('records when and from where it was last used', async () => {
    const made = await makeToken(demoUsers.guest, { name: 'last use' });
    await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(made.token) });
    await new Promise((resolve) => setImmediate(resolve));
    const list = await call(cloud, '/cloud/auth/tokens', { headers: bearer(made.token) });
    const listed = list.body.data.find((token: { id: string }) => token.id === made.id);
    expect(listed.lastUsedAt).toBe(clock.now());
    expect(listed.lastUsedAddress).toMatch(/127\.0\.0\.1/);
  });

  test('a read-only token reads, and every write is 403 with a detail', async () => {
    const made = await makeToken(demoUsers.admin, { name: 'read only', scope: 'read' });
    expect((await call(cloud, '/cloud/users/users', { headers: bearer(made.token) })).status).toBe(200);
    const write = await call(cloud, '/cloud/users/users', {
      headers: bearer(made.token),
      json: { username: 'ro@varde.test', name: 'Read Only', role: 'User' },
    });
    expect(write.status).toBe(403);
    expect(write.body.detail).toMatch(/read-only/);
    const revokeItself = await call(cloud, `/cloud/auth/tokens/${made.id}`, { method: 'DELETE', headers: bearer(made.token) });
    expect(revokeItself.status).toBe(403);
  });

  test('revoked by name, it is refused at once, with the same answer as a token that never existed', async () => {
    const made = await makeToken(demoUsers.powerUser, { name: 'to revoke' });
    const session = await sessionToken(demoUsers.powerUser);
    expect((await call(cloud, '/cloud/auth/tokens/to%20revoke', { method: 'DELETE', headers: bearer(session) })).status).toBe(204);
    const refused = await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(made.token) });
    const unknown = await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(newPersonalAccessToken()) });
    expect(refused.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(refused.body.detail).toBe(unknown.body.detail);
    expect((await call(cloud, '/cloud/auth/tokens/to%20revoke', { method: 'DELETE', headers: bearer(session) })).status).toBe(404);
  });

  test('expires on the day its expiry names', async () => {
    const made = await makeToken(demoUsers.viewer, { name: 'one day', expiresInDays: 1 });
    expect((await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(made.token) })).status).toBe(200);
    clock.advance(DAY + 1);
    const expired = await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(made.token) });
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toMatch(/unknown, expired or revoked/);
  });

  test('bad requests are 400s naming the field; a token cannot make tokens; a duplicate name is 409', async () => {
    const session = await sessionToken(demoUsers.user);
    const tooLong = await call(cloud, '/cloud/auth/tokens', { headers: bearer(session), json: { name: 'x', expiresInDays: 400 } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toMatch(/expiresInDays/);
    const never = await call(cloud, '/cloud/auth/tokens', { headers: bearer(session), json: { name: 'x', expiresInDays: null } });
    expect(never.status).toBe(400);
    expect(never.body.detail).toMatch(/expiresInDays/);
    const badScope = await call(cloud, '/cloud/auth/tokens', { headers: bearer(session), json: { name: 'x', scope: 'admin' } });
    expect(badScope.status).toBe(400);
    expect(badScope.body.detail).toMatch(/scope/);
    const made = await makeToken(demoUsers.user, { name: 'dup' });
    const again = await call(cloud, '/cloud/auth/tokens', { headers: bearer(session), json: { name: 'dup' } });
    expect(again.status).toBe(409);
    const byToken = await call(cloud, '/cloud/auth/tokens', { headers: bearer(made.token), json: { name: 'child' } });
    expect(byToken.status).toBe(403);
  });

  test('malformed and mistyped tokens are 401s, never 5xx', async () => {
    for (const token of [`${ACCESS_TOKEN_PREFIX}`, `${ACCESS_TOKEN_PREFIX}short`, `${ACCESS_TOKEN_PREFIX}${'A'.repeat(38)}`, `${ACCESS_TOKEN_PREFIX}${'é'.repeat(38)}`]) {
      const answer = await call(cloud, '/cloud/alarms/alarms', { headers: bearer(token) });
      expect(answer.status, token).toBe(401);
      expect(answer.body.detail).toBeTruthy();
    }
  });

  test('does not open the realtime database (a read-only token could write through it)', async () => {
    const made = await makeToken(demoUsers.user, { name: 'no realtime' });
    const answer = await call(cloud, '/cloud/auth/customToken', { headers: bearer(made.token) });
    expect(answer.status).toBe(403);
  });

  test("dies while its account is disabled (nor can the person sign in), and with its account", async () => {
    const admin = await sessionToken(demoUsers.admin, 'users');
    const created = await call(cloud, '/cloud/users/users', {
      headers: bearer(admin),
      json: { username: 'leaver@varde.test', name: 'Lea Leaver', role: 'User', password: 'a long enough password 1' },
    });
    expect(created.status).toBe(201);
    const made = await makeToken({ email: 'leaver@varde.test', password: 'a long enough password 1' }, { name: 'job' });
    expect((await call(cloud, '/cloud/alarms/alarms', { headers: bearer(made.token) })).status).toBe(200);
    const disabled = await call(cloud, `/cloud/users/users/${created.body.uid}`, { method: 'PATCH', headers: bearer(admin), json: { disabled: true } });
    expect(disabled.status).toBe(200);
    expect((await call(cloud, '/cloud/alarms/alarms', { headers: bearer(made.token) })).status).toBe(401);
    // Nor does the person get in again by signing in, or by a reset e-mail (which the cloud does not send).
    const login = await call(cloud, '/cloud/auth/login', { json: { piscadaId: 'leaver@varde.test', password: 'a long enough password 1' } });
    expect(login.status).toBe(401);
    const since = clock.now();
    expect((await call(cloud, '/cloud/auth/requestResetPassword', { json: { email: 'leaver@varde.test' } })).status).toBe(200);
    expect((await cloud.context.outbox.list({ since })).filter((message) => message.to === 'leaver@varde.test')).toEqual([]);
    await call(cloud, `/cloud/users/users/${created.body.uid}`, { method: 'PATCH', headers: bearer(admin), json: { disabled: false } });
    expect((await call(cloud, '/cloud/auth/login', { json: { piscadaId: 'leaver@varde.test', password: 'a long enough password 1' } })).status).toBe(200);
    expect((await call(cloud, '/cloud/alarms/alarms', { headers: bearer(made.token) })).status).toBe(200);
    expect((await call(cloud, `/cloud/users/users/${created.body.uid}`, { method: 'DELETE', headers: bearer(admin) })).status).toBe(204);
    expect((await call(cloud, '/cloud/alarms/alarms', { headers: bearer(made.token) })).status).toBe(401);
  });
});

describe('the rate limit', () => {
  test('counts per token: past its requests a minute a token gets 429 with Retry-After, another token and the next minute go on', async () => {
    const limited = await startCloud({ clock, tokenRequestsPerMinute: 3 });
    try {
      const session = (await signIn(limited, demoUsers.user.email, demoUsers.user.password)).accessTokens['auth.localhost']!;
      const make = async (name: string) => (await call(limited, '/cloud/auth/tokens', { headers: bearer(session), json: { name } })).body.token as string;
      const [first, second] = [await make('one'), await make('two')];
      const statuses = [];
      for (let request = 0; request < 4; request += 1) statuses.push((await call(limited, '/cloud/alarms/alarms', { headers: bearer(first) })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await call(limited, '/cloud/alarms/alarms', { headers: bearer(first) });
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body.detail).toMatch(/more than 3 requests in a minute/);
      expect((await call(limited, '/cloud/alarms/alarms', { headers: bearer(second) })).status).toBe(200);
      clock.advance(60_000);
      expect((await call(limited, '/cloud/alarms/alarms', { headers: bearer(first) })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('service accounts', () => {
  test("a partner admin makes one with a non-expiring token; it acts with its grants, never signs in, and stays out of the users list", async () => {
    const admin = await sessionToken(demoUsers.admin, 'users');
    const grantable = await call(cloud, '/cloud/users/users/grantable', { headers: bearer(admin) });
    const site = grantable.body.controllers[0] as string;
    const created = await call(cloud, '/cloud/users/service-accounts', {
      headers: bearer(admin),
      json: { name: 'HR sync', role: 'Admin', controllers: { [site]: true } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const uid = created.body.uid as string;
    const token = await call(cloud, `/cloud/users/service-accounts/${uid}/tokens`, {
      headers: bearer(admin),
      json: { name: 'cron', expiresInDays: null },
    });
    expect(token.status).toBe(201);
    expect(token.body.expiresAt).toBeNull();

    const sites = await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(token.body.token) });
    expect(sites.status).toBe(200);
    expect(JSON.stringify(sites.body)).toContain(site);

    const people = await call(cloud, '/cloud/users/users', { headers: bearer(admin) });
    expect(people.body.data.map((user: { uid: string }) => user.uid)).not.toContain(uid);
    const list = await call(cloud, '/cloud/users/service-accounts', { headers: bearer(admin) });
    expect(list.body.data).toEqual([expect.objectContaining({ uid, name: 'HR sync', role: 'Admin', tokens: 1 })]);

    // No password: sign-in with the account's name and any password, or none, is refused.
    const account = await call(cloud, `/cloud/users/users/${uid}`, { headers: bearer(admin) });
    const login = await call(cloud, '/cloud/auth/login', { json: { piscadaId: account.body.username, password: 'none' } });
    expect(login.status).toBe(401);
  });

  test("another partner's admin neither sees nor touches them (404), and a person who is not an admin may not", async () => {
    const admin = await sessionToken(demoUsers.admin, 'users');
    const created = await call(cloud, '/cloud/users/service-accounts', { headers: bearer(admin), json: { name: 'Fjord only', role: 'User' } });
    const uid = created.body.uid as string;
    const other = await sessionToken(demoUsers.partnerAdmin, 'users');
    const theirs = await call(cloud, '/cloud/users/service-accounts', { headers: bearer(other) });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.map((account: { uid: string }) => account.uid)).not.toContain(uid);
    for (const [method, path, json] of [
      ['DELETE', `/cloud/users/service-accounts/${uid}`, undefined],
      ['GET', `/cloud/users/service-accounts/${uid}/tokens`, undefined],
      ['POST', `/cloud/users/service-accounts/${uid}/tokens`, { name: 'steal' }],
    ] as const) {
      const answer = await call(cloud, path, { method, headers: bearer(other), json });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const user = await sessionToken(demoUsers.user, 'users');
    expect((await call(cloud, '/cloud/users/service-accounts', { headers: bearer(user) })).status).toBe(403);
  });

  test('deleting a service account ends its tokens', async () => {
    const admin = await sessionToken(demoUsers.admin, 'users');
    const created = await call(cloud, '/cloud/users/service-accounts', { headers: bearer(admin), json: { name: 'Short lived', role: 'Viewer' } });
    const uid = created.body.uid as string;
    const token = await call(cloud, `/cloud/users/service-accounts/${uid}/tokens`, { headers: bearer(admin), json: { name: 't' } });
    expect((await call(cloud, '/cloud/alarms/alarms', { headers: bearer(token.body.token) })).status).toBe(200);
    expect((await call(cloud, `/cloud/users/service-accounts/${uid}`, { method: 'DELETE', headers: bearer(admin) })).status).toBe(204);
    expect((await call(cloud, '/cloud/alarms/alarms', { headers: bearer(token.body.token) })).status).toBe(401);
  });
});
