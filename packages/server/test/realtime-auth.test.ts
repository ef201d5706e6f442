import { getIdTokenResult, signInWithCustomToken } from 'firebase/auth';
import { get, ref } from 'firebase/database';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RealtimeTestServer,
  connectClient,
  rawConnection,
  startRealtimeServer,
} from './realtimeHarness.js';

const SIGN_IN = '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k';
const LOOKUP = '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k';
const TOKEN = '/securetoken.googleapis.com/v1/token?key=k';

let server: RealtimeTestServer;

beforeAll(async () => {
  server = await startRealtimeServer();
  await server.realtime.tree.set('/users/alice', { name: 'Alice', email: 'alice@example.no', language: 'en' });
});

afterAll(async () => {
  await server?.close();
});

async function post(path: string, body: string, contentType = 'application/json') {
  const response = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function signIn(uid: string, claims: Record<string, unknown> = {}) {
  const { status, body } = await post(SIGN_IN, JSON.stringify({ token: server.customTokenFor(uid, claims), returnSecureToken: true }));
  expect(status).toBe(200);
  return body as { idToken: string; refreshToken: string; expiresIn: string; localId: string };
}

/** An ID token that looks right but is unsigned (alg none), as the auth emulator would mint. */
function unsignedIdToken(uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const payload = { iss: 'https://securetoken.google.com/varde-test', aud: 'varde-test', sub: uid, user_id: uid, iat: now, exp: now + 3600 };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

describe('custom-token sign-in endpoints', () => {
  it('signs the SDK in with a custom token, passes custom claims and looks the user up', async () => {
    const client = await connectClient(server);
    const credential = await signInWithCustomToken(client.auth, server.customTokenFor('alice', { role: 'Admin' }));
    expect(credential.user.uid).toBe('alice');
    expect(credential.user.displayName).toBe('Alice');
    expect(credential.user.email).toBe('alice@example.no');
    const result = await getIdTokenResult(credential.user, true);
    expect(result.claims.role).toBe('Admin');
    expect(result.claims.sub).toBe('alice');
    expect((await get(ref(client.db, 'users/alice/language'))).val()).toBe('en');
    await client.close();
  });

  it('mints signed ID tokens with iat and exp, and refreshes them from a form body', async () => {
    const session = await signIn('alice', { role: 'User' });
    expect(session.localId).toBe('alice');
    expect(session.expiresIn).toBe('3600');
    const claims = decodeJwt(session.idToken);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.role).toBe('User');

    const refreshed = await post(
      TOKEN,
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.refreshToken }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ user_id: 'alice', project_id: 'varde-test', expires_in: '3600' });
    expect(decodeJwt(refreshed.body.id_token).role).toBe('User');
    expect(refreshed.body.access_token).toBe(refreshed.body.id_token);
  });

  it('answers bad input with 400, the Google error shape and detail', async () => {
    const cases: Array<[string, string, string | undefined, string]> = [
      [SIGN_IN, '{not json', undefined, 'INVALID_REQUEST'],
      [SIGN_IN, JSON.stringify({ returnSecureToken: true }), undefined, 'MISSING_CUSTOM_TOKEN'],
      [SIGN_IN, JSON.stringify({ token: 42 }), undefined, 'MISSING_CUSTOM_TOKEN'],
      [SIGN_IN, JSON.stringify({ token: 'forged' }), undefined, 'INVALID_CUSTOM_TOKEN'],
      [SIGN_IN, JSON.stringify(['token']), undefined, 'MISSING_CUSTOM_TOKEN'],
      [LOOKUP, JSON.stringify({}), undefined, 'MISSING_ID_TOKEN'],
      [LOOKUP, JSON.stringify({ idToken: 'abc.def.ghi' }), undefined, 'INVALID_ID_TOKEN'],
      [LOOKUP, JSON.stringify({ idToken: unsignedIdToken('alice') }), undefined, 'INVALID_ID_TOKEN'],
      [TOKEN, 'grant_type=password', 'application/x-www-form-urlencoded', 'INVALID_GRANT_TYPE'],
      [TOKEN, 'grant_type=refresh_token', 'application/x-www-form-urlencoded', 'MISSING_REFRESH_TOKEN'],
      [TOKEN, 'grant_type=refresh_token&refresh_token=nope', 'application/x-www-form-urlencoded', 'INVALID_REFRESH_TOKEN'],
      [SIGN_IN, 'token=x', 'text/plain', 'MISSING_CUSTOM_TOKEN'],
      [SIGN_IN, '<token/>', 'application/xml', 'INVALID_REQUEST'],
    ];
    for (const [path, body, contentType, code] of cases) {
      const answer = await post(path, body, contentType);
      expect.soft(answer.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
      expect.soft(answer.status, `${path} ${body}`).toBeLessThan(500);
      expect.soft(answer.body.error?.message, `${path} ${body}`).toMatch(new RegExp(`^${code}( : |$)`));
      expect.soft(typeof answer.body.detail, `${path} ${body}`).toBe('string');
    }
    const tooBig = await post(SIGN_IN, JSON.stringify({ token: 'x'.repeat(1_100_000) }));
    expect(tooBig.status).toBe(413);
    expect(typeof tooBig.body.detail).toBe('string');
  });

  it('does not take an ID token as a refresh token, or a refresh token as an ID token', async () => {
    const session = await signIn('alice');
    const asRefresh = await post(TOKEN, JSON.stringify({ grant_type: 'refresh_token', refresh_token: session.idToken }));
    expect(asRefresh.body.error.message).toMatch(/^INVALID_REFRESH_TOKEN/);
    const asId = await post(LOOKUP, JSON.stringify({ idToken: session.refreshToken }));
    expect(asId.body.error.message).toMatch(/^INVALID_ID_TOKEN/);
  });

  it('surfaces a rejected custom token to the SDK as auth/invalid-custom-token', async () => {
    const client = await connectClient(server);
    await expect(signInWithCustomToken(client.auth, 'not-a-token-we-issued')).rejects.toMatchObject({
      code: 'auth/invalid-custom-token',
    });
    await client.close();
  });
});

describe('the database connection’s auth message', () => {
  it('accepts a minted ID token and rejects unsigned or foreign-signed ones', async () => {
    const session = await signIn('alice');
    const connection = rawConnection(server);
    expect((await connection.hello).v).toBe('5');

    const unsigned = await connection.request('auth', { cred: unsignedIdToken('alice') });
    expect(unsigned.s).toBe('invalid_token');
    expect((await connection.request('g', { p: '/users/alice', q: {} })).s).toBe('permission_denied');

    const foreignKey = new TextEncoder().encode('an attacker would need our secret');
    const foreign = await new SignJWT({ user_id: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('https://securetoken.google.com/varde-test')
      .setAudience('varde-test')
      .setSubject('alice')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(foreignKey);
    expect((await connection.request('auth', { cred: foreign })).s).toBe('invalid_token');

    const accepted = await connection.request('auth', { cred: session.idToken });
    expect(accepted.s).toBe('ok');
    expect(accepted.d).toMatchObject({ auth: { sub: 'alice' } });
    expect(await connection.request('g', { p: '/users/alice/name', q: {} })).toEqual({ s: 'ok', d: 'Alice' });
    connection.close();
  });
});
