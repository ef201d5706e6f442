import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REALTIME_NAMESPACE, type AccessTokens } from '@varde/core/contract';
import { demoUid } from '../src/seed/demoSeed.js';
import { loginIssuer } from '../src/tokens/idTokens.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { rawConnection } from './realtimeHarness.js';

// A stolen token must stop working when its owner signs out, changes password, is demoted or deleted.
let cloud: Cloud;
beforeAll(async () => {
  cloud = await startCloud();
});
afterAll(() => cloud.close());

const sites = (tokens: AccessTokens) => call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(tokens['controllers-api.localhost']!) });
const auth = (tokens: AccessTokens) => bearer(tokens['auth.localhost']!);
const users = (tokens: AccessTokens) => bearer(tokens['users.localhost']!);
const signInAs = async (email: string, password = 'demo1234') => (await signIn(cloud, email, password)).accessTokens;

async function realtimeSignIn(tokens: AccessTokens): Promise<{ idToken: string; refreshToken: string }> {
  const custom = (await call(cloud, '/cloud/auth/customToken', { headers: auth(tokens) })).body.token;
  const signedIn = await call(cloud, '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=any', { json: { token: custom, returnSecureToken: true } });
  expect(signedIn.status).toBe(200);
  return signedIn.body;
}
const realtimeRefreshToken = async (tokens: AccessTokens) => (await realtimeSignIn(tokens)).refreshToken;
const refreshRealtime = (refreshToken: string) =>
  call(cloud, '/securetoken.googleapis.com/v1/token?key=any', { json: { grant_type: 'refresh_token', refresh_token: refreshToken } });

describe('sessions end', () => {
  test('at logout: the access tokens, the refresh and the realtime tokens of that sign-in', async () => {
    const tokens = await signInAs('user@varde.test');
    const other = await signInAs('user@varde.test');
    const refresh = await realtimeRefreshToken(tokens);
    expect((await sites(tokens)).status).toBe(200);
    expect((await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: auth(tokens) })).status).toBe(200);
    const after = await sites(tokens);
    expect(after.status).toBe(401);
    expect(after.body.detail).toBe('The session has ended; sign in again');
    expect((await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: auth(tokens) })).status).toBe(401);
    expect((await refreshRealtime(refresh)).status).toBe(400);
    // Another sign-in of the same user is another session.
    expect((await sites(other)).status).toBe(200);
  });

  test('at a password change of your own: every other session ends, yours goes on', async () => {
    const stolen = await signInAs('guest@varde.test');
    const stolenRefresh = await realtimeRefreshToken(stolen);
    const mine = await signInAs('guest@varde.test');
    const changed = await call(cloud, `/cloud/users/users/${demoUid('guest')}/password`, { headers: users(mine), json: { password: 'a-new-secret-1' } });
    expect(changed.status).toBe(200);
    expect((await sites(stolen)).status).toBe(401);
    expect((await refreshRealtime(stolenRefresh)).status).toBe(400);
    expect((await sites(mine)).status).toBe(200);
  });

  test("at an admin's password change, a lower role and deletion: all of the user's sessions", async () => {
    const admin = await signInAs('admin@varde.test');
    const viewer = await signInAs('viewer@varde.test');
    await call(cloud, `/cloud/users/users/${demoUid('viewer')}/password`, { headers: users(admin), json: { password: 'reset-by-admin-1' } });
    expect((await sites(viewer)).status).toBe(401);

    const power = await signInAs('power@varde.test');
    const sameRole = await call(cloud, `/cloud/users/users/${demoUid('powerUser')}`, { method: 'PATCH', headers: users(admin), json: { name: 'Pål P.' } });
    expect(sameRole.status).toBe(200);
    expect((await sites(power)).status).toBe(200); // nothing lowered: the session goes on
    const lowered = await call(cloud, `/cloud/users/users/${demoUid('powerUser')}`, { method: 'PATCH', headers: users(admin), json: { role: 'User' } });
    expect(lowered.status).toBe(200);
    expect((await sites(power)).status).toBe(401);

    const sms = await signInAs('user@varde.test');
    expect((await call(cloud, `/cloud/users/users/${demoUid('user')}`, { method: 'DELETE', headers: users(admin) })).status).toBe(204);
    expect((await sites(sms)).status).toBe(401);
  });
});

describe('refresh rotation', () => {
  test('only the newest auth token renews; replaying a used one ends the whole session', async () => {
    const first = await signInAs('sysadmin@varde.test');
    const second = (await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: auth(first) })).body.accessTokens as AccessTokens;
    const third = (await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: auth(second) })).body.accessTokens as AccessTokens;
    expect((await sites(third)).status).toBe(200);
    const replay = await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: auth(first) });
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toContain('already used');
    // The chain is revoked: the newest tokens too.
    expect((await sites(third)).status).toBe(401);
    expect((await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: auth(third) })).status).toBe(401);
  });

  test('of two renewals with one token at once, one wins and the other is reuse: the session ends', async () => {
    const first = await signInAs('admin@varde.test');
    const renew = () => call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: auth(first) });
    const answers = await Promise.all([renew(), renew()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200)!.body.accessTokens as AccessTokens;
    expect((await sites(winner)).status).toBe(401);
  });
});

describe('ID tokens from the identity provider', () => {
  test('are exchanged once', async () => {
    const now = Math.floor(cloud.context.clock.now() / 1000);
    const idToken = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: cloud.context.keys.kid })
      .setIssuer(loginIssuer(cloud.context))
      .setAudience('portal')
      .setSubject(demoUid('admin'))
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(cloud.context.keys.privateKey);
    expect((await call(cloud, '/cloud/auth/login', { json: { idToken } })).status).toBe(200);
    // Remembered (hashed) until the token expires.
    expect(await cloud.context.db.selectFrom('used_id_tokens').select('expires_at').execute()).toEqual([{ expires_at: (now + 300) * 1000 }]);
    const replay = await call(cloud, '/cloud/auth/login', { json: { idToken } });
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toContain('already exchanged');
  });
});

describe('open realtime connections', () => {
  const revoked = (received: Array<Record<string, any>>) =>
    received.some((message) => message.t === 'd' && message.d?.a === 'ac' && message.d?.b?.s === 'invalid_token');

  test('lose their rights when the session ends, and its ID token signs in no new one', async () => {
    const tokens = await signInAs('admin@varde.test');
    const { idToken } = await realtimeSignIn(tokens);
    const own = `/users/${demoUid('admin')}`;
    const asking = rawConnection({ port: cloud.port }, REALTIME_NAMESPACE);
    const listening = rawConnection({ port: cloud.port }, REALTIME_NAMESPACE);
    try {
      for (const connection of [asking, listening]) {
        expect((await connection.request('auth', { cred: idToken })).s).toBe('ok');
        expect((await connection.request('q', { p: own, h: '' })).s).toBe('ok');
      }
      expect((await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: auth(tokens) })).status).toBe(200);

      // A request is judged with the sign-in as it is now.
      expect((await asking.request('g', { p: own })).s).toBe('permission_denied');
      expect(revoked(asking.received)).toBe(true);
      // A connection that only listens is told within the recheck interval (2 s).
      const deadline = Date.now() + 5000;
      while (!revoked(listening.received) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(revoked(listening.received)).toBe(true);
      expect((await listening.request('g', { p: own })).s).toBe('permission_denied');

      const fresh = rawConnection({ port: cloud.port }, REALTIME_NAMESPACE);
      try {
        expect((await fresh.request('auth', { cred: idToken })).s).toBe('invalid_token');
      } finally {
        fresh.close();
      }
    } finally {
      asking.close();
      listening.close();
    }
  });
});
