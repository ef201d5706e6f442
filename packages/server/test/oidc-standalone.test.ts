import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcIdentity } from '../src/oidc/identity.js';
import { OIDC_MOUNT_PATH } from '../src/oidc/paths.js';
import type { ProviderSetup } from '../src/oidc/providerConfiguration.js';
import { createOidcProvider, mountOidcProvider } from '../src/oidc/registerOidcProvider.js';
import { openDatabase, type Db } from '../src/storage/db.js';
import { loadOrCreateSigningKeys } from '../src/tokens/keys.js';
import { TestBrowser, formAction, pkcePair } from './oidcBrowser.js';

/** First iteration: the provider on a bare fastify app with an in-test identity. */
const smsCodes = new Map<string, string>();
const identity: OidcIdentity = {
  checkPassword(email, password) {
    if (email === 'locked@example.test') return { ok: false, reason: 'throttled', retryAfterSeconds: 125 };
    if (email === 'alice@example.test' && password === 'alice-pass') return { ok: true, uid: 'u-alice', smsRequired: false };
    if (email === 'bob@example.test' && password === 'bob-pass') return { ok: true, uid: 'u-bob', smsRequired: true };
    return { ok: false, reason: 'wrong' };
  },
  sendSmsCode(uid) {
    smsCodes.set(uid, String(100000 + Math.floor(Math.random() * 900000)));
  },
  verifySmsCode(uid, code) {
    const expected = smsCodes.get(uid);
    if (!expected) return 'expired';
    return expected === code ? 'ok' : 'wrong';
  },
  findAccount(uid) {
    if (uid === 'u-alice') return { uid, name: 'Alice <Admin>', email: 'alice@example.test' };
    if (uid === 'u-bob') return { uid, name: 'Bob', email: 'bob@example.test' };
    return undefined;
  },
};

let server: Server;
let app: FastifyInstance;
let db: Db;
let origin: string;
let issuer: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  origin = `http://localhost:${port}`;
  issuer = `${origin}${OIDC_MOUNT_PATH}`;
  db = openDatabase({ kind: 'memory' });
  const keys = await loadOrCreateSigningKeys(db, Date.now());
  const setup: ProviderSetup = {
    issuer,
    portalOrigins: [origin],
    signingJwk: keys.privateJwk,
    cookieKeys: keys.cookieKeys,
    db,
    identity,
  };
  app = Fastify({ serverFactory: (handler) => server.on('request', handler) });
  mountOidcProvider(app, createOidcProvider(setup), setup);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  db.close();
});

describe('standalone provider', () => {
  it('signs in with code + PKCE', async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.check_session_iframe).toBe(`${issuer}/session/check`);

    const browser = new TestBrowser();
    const { verifier, challenge } = pkcePair();
    const redirectUri = `${origin}/login/callback`;
    const authorize = new URL(discovery.authorization_endpoint!);
    authorize.search = new URLSearchParams({
      client_id: 'portal', response_type: 'code', scope: 'openid profile', redirect_uri: redirectUri,
      state: 's1', nonce: 'n1', code_challenge: challenge, code_challenge_method: 'S256',
    }).toString();
    const loginPage = await browser.navigate(authorize.href);
    expect(loginPage.status).toBe(200);
    const action = formAction(loginPage.body, '/login');

    const wrong = await browser.request(new URL(action, origin).href, { form: { email: 'alice@example.test', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('Wrong username or password');

    const callback = await browser.navigate(new URL(action, origin).href, {
      form: { email: 'alice@example.test', password: 'alice-pass' },
      stopAt: redirectUri,
    });
    const params = new URL(callback.url).searchParams;
    expect(params.get('state')).toBe('s1');
    expect(params.get('session_state')).toMatch(/^[0-9a-f]{64}\.[0-9a-f]+$/);

    const tokenResponse = await fetch(discovery.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code', code: params.get('code')!, redirect_uri: redirectUri,
        client_id: 'portal', code_verifier: verifier,
      }),
    });
    const tokens = (await tokenResponse.json()) as Record<string, string>;
    expect(tokenResponse.status, JSON.stringify(tokens)).toBe(200);
    const { payload } = await jwtVerify(tokens.id_token!, createRemoteJWKSet(new URL(discovery.jwks_uri!)), {
      issuer, audience: 'portal',
    });
    expect(payload.sub).toBe('u-alice');
    expect(payload.name).toBe('Alice <Admin>');
    expect(payload.nonce).toBe('n1');
  });
});
