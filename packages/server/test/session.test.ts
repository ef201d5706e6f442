import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionRenewResponse, signedIn, userInfoResponse } from '@varde/core/contract';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { loginIssuer, verifyIdToken } from '../src/tokens/idTokens.js';
import { verifyCustomToken } from '../src/tokens/customTokens.js';
import { bearer, call, signIn } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

const clock = manualClock();
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud({ clock });
});
afterAll(() => cloud.close());

/** Signs in and returns the session cookie as a browser would send it back. */
async function browserSignIn(user: { email: string; password: string }) {
  const answer = await call(cloud, '/cloud/auth/login', { json: { piscadaId: user.email, password: user.password } });
  expect(answer.status).toBe(200);
  const setCookie = answer.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return { cookie: setCookie.split(';')[0]!, body: signedIn.parse(answer.body) };
}

describe('the browser session cookie', () => {
  test('renews tokens, tells the user, and ends at logout', async () => {
    const { cookie: first, body } = await browserSignIn(demoUsers.viewer);
    clock.advance(30 * 60_000);
    const renewed = await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: { cookie: first } });
    expect(renewed.status).toBe(200);
    const tokens = sessionRenewResponse.parse(renewed.body);
    expect(tokens.expiresAt).toBeGreaterThan(body.expiresAt);
    // The renewal rotated the cookie.
    const cookie = renewed.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).not.toBe(first);

    const info = await call(cloud, '/cloud/auth/session/userinfo', { method: 'POST', headers: { cookie } });
    expect(userInfoResponse.parse(info.body).user).toMatchObject({
      uid: body.uid,
      email: demoUsers.viewer.email,
      role: 'Viewer',
      portalAutoLogoutDisabled: true,
    });

    const logout = await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: { cookie } });
    expect(logout.body).toEqual({ ok: true });
    expect(logout.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    const after = await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: { cookie } });
    expect(after.status).toBe(401);
  });

  test('GET /session says whether the cookie names a live session, without a 401 (a cold load asks it first)', async () => {
    const { cookie } = await browserSignIn(demoUsers.viewer);
    expect(await call(cloud, '/cloud/auth/session', { headers: { cookie } })).toMatchObject({ status: 200, body: { session: true } });
    await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: { cookie } });
    expect(await call(cloud, '/cloud/auth/session', { headers: { cookie } })).toMatchObject({ status: 200, body: { session: false } });
    expect(await call(cloud, '/cloud/auth/session')).toMatchObject({ status: 200, body: { session: false } });
  });

  test('an unknown or expired session is 401', async () => {
    const unknown = await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: { cookie: 'varde_session=made-up' } });
    expect(unknown.status).toBe(401);
    expect(typeof unknown.body.detail).toBe('string');
    const none = await call(cloud, '/cloud/auth/session/renew', { method: 'POST' });
    expect(none.status).toBe(401);

    const { cookie } = await browserSignIn(demoUsers.guest);
    clock.advance(24 * 60 * 60_000 + 1);
    const expired = await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: { cookie } });
    expect(expired.status).toBe(401);
  });

  test('the cookie is not honoured from an untrusted origin', async () => {
    const { cookie } = await browserSignIn(demoUsers.viewer);
    const foreign = await call(cloud, '/cloud/auth/session/userinfo', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(401);
    const own = await call(cloud, '/cloud/auth/session/userinfo', { method: 'POST', headers: { cookie, origin: cloud.url } });
    expect(own.status).toBe(200);
  });
});

describe('cookie rotation with reuse detection', () => {
  const renew = (cookie: string) => call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: { cookie } });
  const newCookie = (answer: { headers: Headers }) => answer.headers.get('set-cookie')?.split(';')[0];

  test('a retired cookie counts for 30 s (requests that raced the renewal), without a new cookie', async () => {
    const { cookie: first } = await browserSignIn(demoUsers.viewer);
    const second = newCookie(await renew(first))!;
    clock.advance(29_000);
    const raced = await renew(first);
    expect(raced.status).toBe(200);
    expect(raced.headers.get('set-cookie')).toBeNull();
    expect((await renew(second)).status).toBe(200);
  });

  test('a retired cookie presented later was copied: 401, and the whole session ends, its newest cookie and tokens too', async () => {
    const { cookie: first } = await browserSignIn(demoUsers.viewer);
    const second = newCookie(await renew(first))!;
    const thirdAnswer = await renew(second);
    const third = newCookie(thirdAnswer)!;
    const tokens = sessionRenewResponse.parse(thirdAnswer.body).accessTokens;
    expect(new Set([first, second, third]).size).toBe(3);
    clock.advance(31_000);

    const replay = await renew(first);
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toContain('already used to renew');
    expect((await renew(third)).status).toBe(401);
    const sites = await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(tokens['controllers-api.localhost']!) });
    expect(sites.status).toBe(401);
  });
});

describe('the CLI: the auth service token as a bearer', () => {
  test('renews, tells the user, and gets a custom token', async () => {
    const session = await signIn(cloud, demoUsers.powerUser.email, demoUsers.powerUser.password);
    const auth = bearer(session.accessTokens['auth.localhost']!);
    const renewed = await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: auth });
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.body.accessTokens)).toContain('controllers-api.localhost');
    const info = await call(cloud, '/cloud/auth/session/userinfo', { method: 'POST', headers: auth });
    expect(info.body.user.email).toBe(demoUsers.powerUser.email);

    const custom = await call(cloud, '/cloud/auth/customToken', { headers: auth });
    expect(custom.status).toBe(200);
    expect(await verifyCustomToken(cloud.context, custom.body.token)).toEqual({ uid: session.uid, claims: { sid: expect.any(String) } });
  });

  test('another service token is refused', async () => {
    const session = await signIn(cloud, demoUsers.powerUser.email, demoUsers.powerUser.password);
    const wrong = bearer(session.accessTokens['controllers-api.localhost']!);
    expect((await call(cloud, '/cloud/auth/session/renew', { method: 'POST', headers: wrong })).status).toBe(401);
    expect((await call(cloud, '/cloud/auth/customToken', { headers: wrong })).status).toBe(401);
  });
});

describe('POST /login with an ID token from the identity provider', () => {
  async function idToken(sub: string, overrides: { issuer?: string; audience?: string; expiresIn?: number } = {}) {
    const now = Math.floor(clock.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: cloud.context.keys.kid })
      .setIssuer(overrides.issuer ?? loginIssuer(cloud.context))
      .setAudience(overrides.audience ?? 'portal')
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + (overrides.expiresIn ?? 300))
      .sign(cloud.context.keys.privateKey);
  }

  test('signs in without the SMS step (the provider did it)', async () => {
    const uid = demoUid('sms');
    const token = await idToken(uid);
    expect(await verifyIdToken(cloud.context, token)).toEqual({ uid, expiresAt: decodeJwt(token).exp! * 1000 });
    const answer = await call(cloud, '/cloud/auth/login', { json: { idToken: token } });
    expect(answer.status).toBe(200);
    expect(signedIn.parse(answer.body).user.email).toBe(demoUsers.sms.email);
  });

  test('refuses ID tokens for another client, from another issuer, expired, or of unknown users', async () => {
    const uid = demoUid('user');
    for (const token of [
      await idToken(uid, { audience: 'someone-else' }),
      await idToken(uid, { issuer: 'https://elsewhere.example/v2' }),
      await idToken(uid, { expiresIn: -10 }),
      await idToken('no-such-user'),
      'not.a.token',
    ]) {
      const answer = await call(cloud, '/cloud/auth/login', { json: { idToken: token } });
      expect(answer.status).toBe(401);
      expect(typeof answer.body.detail).toBe('string');
    }
  });
});
