import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import {
  TestBrowser,
  authorizeUrl,
  discover,
  exchangeCode,
  formAction,
  pkcePair,
  type Discovery,
} from './oidcBrowser.js';

/** Sign-in through the cloud's OpenID Connect provider, driven over real HTTP like a browser. */
let cloud: Cloud;
let issuer: string;
let discovery: Discovery;
let callbackUri: string;

beforeAll(async () => {
  cloud = await startCloud();
  issuer = `${cloud.url}/cloud/login/v2`;
  discovery = await discover(issuer);
  callbackUri = `${cloud.url}/login/callback`;
});

afterAll(async () => {
  await cloud.close();
});

async function latestSmsCode(phone: string): Promise<string> {
  const response = await fetch(`${cloud.url}/cloud/outbox/messages?channel=sms&to=${encodeURIComponent(phone)}`);
  const { data } = (await response.json()) as { data: { id: number; body: string }[] };
  const latest = data.sort((a, b) => b.id - a.id)[0];
  const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1];
  if (!code) throw new Error(`no SMS code for ${phone}`);
  return code;
}

/** Starts an authorization request and returns the login form's absolute action URL. */
async function openLoginPage(browser: TestBrowser, challenge: string, extra: { state?: string; nonce?: string } = {}) {
  const page = await browser.navigate(authorizeUrl(discovery, { redirectUri: callbackUri, challenge, ...extra }));
  expect(page.status).toBe(200);
  return { page, action: new URL(formAction(page.body, '/login'), cloud.url).href };
}

describe('discovery', () => {
  it('describes the provider at login server + /v2, with PKCE S256 and a check-session iframe', () => {
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.authorization_endpoint.startsWith(issuer)).toBe(true);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.end_session_endpoint).toBe(`${issuer}/session/end`);
    expect(discovery.check_session_iframe).toBe(`${issuer}/session/check`);
  });
});

describe('sign-in with an SMS second factor', () => {
  it('runs code + PKCE end to end: password, code from the outbox, token exchange, verified ID token', async () => {
    const user = demoUsers.sms;
    const browser = new TestBrowser();
    const { verifier, challenge } = pkcePair();
    const { action } = await openLoginPage(browser, challenge, { state: 'state-1', nonce: 'nonce-1' });

    const wrongPassword = await browser.request(action, { form: { email: user.email, password: 'not-the-password' } });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toContain('Wrong username or password');

    const smsPage = await browser.navigate(action, { form: { email: user.email, password: user.password } });
    expect(smsPage.status).toBe(200);
    const smsAction = new URL(formAction(smsPage.body, '/sms'), cloud.url).href;

    const wrongCode = await browser.request(smsAction, { form: { code: '000000x' } });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body).toContain('Wrong sms token');
    // Issue 36: each refusal on the provider's pages is in the audit log, without the password or the code.
    const refused = await cloud.context.db
      .selectFrom('audit_records').select('summary')
      .where('action', '=', 'session.sign-in-failed').where('object_id', '=', demoUid('sms'))
      .orderBy('id').execute();
    expect(refused.map((record) => record.summary)).toEqual([`Sign-in refused as ${user.email}: wrong name or password`, 'Sign-in refused: wrong SMS code']);

    const code = await latestSmsCode(user.smsPhone);
    const callback = await browser.navigate(smsAction, { form: { code }, stopAt: callbackUri });
    const params = new URL(callback.url).searchParams;
    expect(params.get('state')).toBe('state-1');
    expect(params.get('iss')).toBe(issuer);
    expect(params.get('session_state')).toMatch(/^[0-9a-f]{64}\.[0-9a-f]+$/);

    const tokens = await exchangeCode(discovery, params.get('code')!, callbackUri, verifier);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload } = await jwtVerify(String(tokens.body.id_token), jwks, { issuer, audience: 'portal' });
    expect(payload.nonce).toBe('nonce-1');
    expect(payload.name).toBe(user.name);
    expect(payload.amr).toEqual(['pwd', 'sms']);
    expect(payload.email).toBeUndefined(); // only asked with scope email

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${String(tokens.body.access_token)}` },
    });
    expect(await userinfo.json()).toEqual({ sub: payload.sub, name: user.name });

    // A code is good for one exchange only.
    const again = await exchangeCode(discovery, params.get('code')!, callbackUri, verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it('sends a user whose code expired back to the password step', async () => {
    const user = demoUsers.sms;
    const browser = new TestBrowser();
    const { action } = await openLoginPage(browser, pkcePair().challenge);
    const smsPage = await browser.navigate(action, { form: { email: user.email, password: user.password } });
    const smsAction = new URL(formAction(smsPage.body, '/sms'), cloud.url).href;
    // "Start over" forgets the password step; a code posted afterwards is refused.
    const restarted = await browser.navigate(new URL(formAction(smsPage.body, '/restart'), cloud.url).href, { form: {} });
    expect(restarted.body).toContain('name="password"');
    const late = await browser.request(smsAction, { form: { code: await latestSmsCode(user.smsPhone) } });
    expect(late.status).toBe(400);
    expect(late.body).toContain('The code has expired');
    expect(late.body).toContain('name="password"');
  });
});

describe('sign-in pages', () => {
  it('escapes what the user typed and speaks Norwegian by default', async () => {
    const browser = new TestBrowser('nb-NO,nb;q=0.9');
    const { action } = await openLoginPage(browser, pkcePair().challenge);
    const typed = '"><script>alert(1)</script>@example.test';
    const page = await browser.request(action, { form: { email: typed, password: 'whatever-it-is' } });
    expect(page.status).toBe(401);
    expect(page.body).toContain('Feil brukernavn eller passord');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.test');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('throttles repeated wrong passwords with a message in minutes and Retry-After', async () => {
    const browser = new TestBrowser();
    const { action } = await openLoginPage(browser, pkcePair().challenge);
    let last = await browser.request(action, { form: { email: demoUsers.guest.email, password: 'wrong-0' } });
    for (let attempt = 1; attempt < 8 && last.status !== 429; attempt++) {
      last = await browser.request(action, { form: { email: demoUsers.guest.email, password: `wrong-${attempt}` } });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.body).toMatch(/Try again in \d+ minutes?\./);
  });

  it('refuses a post for another interaction, and a post without the interaction cookie', async () => {
    const browser = new TestBrowser();
    const { action } = await openLoginPage(browser, pkcePair().challenge);
    const forged = action.replace(/interaction\/[^/]+\//, 'interaction/not-this-one/');
    const wrongUid = await browser.request(forged, { form: { email: demoUsers.user.email, password: demoUsers.user.password } });
    expect(wrongUid.status).toBe(400);
    expect(wrongUid.body).toContain('This sign-in has expired');

    const cookieless = await new TestBrowser().request(action, {
      form: { email: demoUsers.user.email, password: demoUsers.user.password },
    });
    expect(cookieless.status).toBe(400);
  });

  it('answers a missing field with 400 and keeps the e-mail', async () => {
    const browser = new TestBrowser();
    const { action } = await openLoginPage(browser, pkcePair().challenge);
    const page = await browser.request(action, { form: { email: demoUsers.user.email } });
    expect(page.status).toBe(400);
    expect(page.body).toContain(`value="${demoUsers.user.email}"`);
  });
});

describe('protocol rules', () => {
  it('requires PKCE from the portal', async () => {
    const url = new URL(authorizeUrl(discovery, { redirectUri: callbackUri, challenge: 'x' }));
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const answer = await new TestBrowser().navigate(url.href, { stopAt: callbackUri });
    expect(new URL(answer.url).searchParams.get('error')).toBe('invalid_request');
  });

  it('shows an error page (no redirect) for an unregistered redirect URI', async () => {
    const answer = await new TestBrowser().navigate(
      authorizeUrl(discovery, { redirectUri: 'https://evil.example/login/callback', challenge: pkcePair().challenge }),
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.body).toContain('redirect_uri');
  });

  it('builds endpoint URLs from X-Forwarded-Proto and X-Forwarded-Host behind a TLS proxy', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'varde.example' },
    });
    const proxied = (await response.json()) as Discovery;
    expect(proxied.authorization_endpoint).toBe('https://varde.example/cloud/login/v2/auth');
    expect(proxied.check_session_iframe).toBe('https://varde.example/cloud/login/v2/session/check');
  });

  it('answers API clients with {detail} (beside OAuth error fields), never 5xx', async () => {
    const badCode = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'bogus', client_id: 'portal', code_verifier: 'x'.repeat(43), redirect_uri: callbackUri }),
    });
    expect(badCode.status).toBe(400);
    expect(await badCode.json()).toMatchObject({ error: 'invalid_grant', detail: expect.any(String) });

    const malformed = await fetch(discovery.token_endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"oops' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toHaveProperty('detail');

    const unknown = await fetch(`${issuer}/no-such-endpoint`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toHaveProperty('detail');

    const noParams = await fetch(discovery.authorization_endpoint);
    expect(noParams.status).toBe(400);
    expect(await noParams.json()).toHaveProperty('detail');

    const json = await fetch(`${issuer}/interaction/abc/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
    expect(await json.json()).toHaveProperty('detail');

    const expiredInteraction = await fetch(`${issuer}/interaction/abc`);
    expect(expiredInteraction.status).toBe(400);
    expect(await expiredInteraction.json()).toEqual({ detail: 'Innloggingen er utløpt' });
  });
});
