import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn as passwordSignIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import {
  TestBrowser,
  authorizeUrl,
  discover,
  exchangeCode,
  formAction,
  hiddenInput,
  pkcePair,
  type Discovery,
} from './oidcBrowser.js';

/** What happens after sign-in: silent renew, session monitoring, end-session, restarts. */
let cloud: Cloud;
let discovery: Discovery;

beforeAll(async () => {
  cloud = await startCloud();
  discovery = await discover(`${cloud.url}/cloud/login/v2`);
});

afterAll(async () => {
  await cloud.close();
});

/** Runs the authorization request in `browser` up to the redirect back to the portal page. */
async function authorize(
  browser: TestBrowser,
  base: { url: string; discovery: Discovery },
  options: { page: 'callback' | 'silent-callback'; prompt?: string; login?: { email: string; password: string } },
) {
  const redirectUri = `${base.url}/login/${options.page}`;
  const { verifier, challenge } = pkcePair();
  const start = authorizeUrl(base.discovery, { redirectUri, challenge, prompt: options.prompt });
  let answer = await browser.navigate(start, { stopAt: redirectUri });
  if (options.login) {
    const action = new URL(formAction(answer.body, '/login'), base.url).href;
    answer = await browser.navigate(action, { form: options.login, stopAt: redirectUri });
  }
  expect(answer.url.startsWith(redirectUri), answer.body).toBe(true);
  const params = new URL(answer.url).searchParams;
  const code = params.get('code');
  const tokens = code ? await exchangeCode(base.discovery, code, redirectUri, verifier) : undefined;
  return { params, tokens: tokens?.body };
}

/** A fresh sign-in (prompt=login, so an existing provider session is replaced). */
function signIn(browser: TestBrowser, base = { url: cloud.url, discovery }) {
  const { email, password } = demoUsers.user;
  return authorize(browser, base, { page: 'callback', prompt: 'login', login: { email, password } });
}

describe('silent renew (prompt=none)', () => {
  it('gives a new code while the provider session lives, and login_required without one', async () => {
    const browser = new TestBrowser();
    const first = await signIn(browser);
    const renewed = await authorize(browser, { url: cloud.url, discovery }, { page: 'silent-callback', prompt: 'none' });
    expect(renewed.params.get('error')).toBeNull();
    expect(renewed.params.get('session_state')).toBeTruthy();
    expect(decodeJwt(String(renewed.tokens?.id_token)).sub).toBe(decodeJwt(String(first.tokens?.id_token)).sub);

    const stranger = await authorize(new TestBrowser(), { url: cloud.url, discovery }, { page: 'silent-callback', prompt: 'none' });
    expect(stranger.params.get('error')).toBe('login_required');
  });
});

describe('sessions end at the provider too', () => {
  it("after an admin's password change, the provider session mints no new ID token (prompt=none)", async () => {
    const browser = new TestBrowser();
    const { email, password } = demoUsers.viewer;
    const first = await authorize(browser, { url: cloud.url, discovery }, { page: 'callback', prompt: 'login', login: { email, password } });
    expect(first.tokens?.id_token).toBeTruthy();
    const before = await authorize(browser, { url: cloud.url, discovery }, { page: 'silent-callback', prompt: 'none' });
    expect(before.params.get('error')).toBeNull();

    const admin = (await passwordSignIn(cloud, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['users.localhost']!;
    const changed = await call(cloud, `/cloud/users/users/${demoUid('viewer')}/password`, { headers: bearer(admin), json: { password: 'changed-by-admin-1' } });
    expect(changed.status).toBe(200);
    const after = await authorize(browser, { url: cloud.url, discovery }, { page: 'silent-callback', prompt: 'none' });
    expect(after.params.get('error')).toBe('login_required');
  });

  it('after deletion, the provider session mints no new ID token either', async () => {
    const browser = new TestBrowser();
    const { email, password } = demoUsers.guest;
    await authorize(browser, { url: cloud.url, discovery }, { page: 'callback', prompt: 'login', login: { email, password } });
    const admin = (await passwordSignIn(cloud, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['users.localhost']!;
    expect((await call(cloud, `/cloud/users/users/${demoUid('guest')}`, { method: 'DELETE', headers: bearer(admin) })).status).toBe(204);
    const rows = (await cloud.context.db.selectFrom('oidc_models').select(['model', 'payload']).execute()) as { model: string; payload: string }[];
    expect(rows.filter((row) => (JSON.parse(row.payload) as { accountId?: unknown }).accountId === demoUid('guest')).map((row) => row.model)).toEqual([]);
    const after = await authorize(browser, { url: cloud.url, discovery }, { page: 'silent-callback', prompt: 'none' });
    expect(after.params.get('error')).toBe('login_required');
  });
});

describe('check-session iframe', () => {
  /** Loads the served iframe page into a sandbox; returns a function that posts one message to it. */
  async function loadIframe(browser: TestBrowser) {
    const html = await (await fetch(discovery.check_session_iframe)).text();
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    const listeners: ((event: unknown) => void)[] = [];
    const document = { cookie: '' };
    runInNewContext(script, {
      window: { addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.push(listener) },
      document,
      TextEncoder,
    });
    return (data: string, origin = cloud.url) => {
      const cookie = browser.cookie('varde_op_bs');
      document.cookie = cookie ? `other=1; varde_op_bs=${cookie.value}` : 'other=1';
      let answer: unknown;
      listeners.forEach((listener) => listener({ data, origin, source: { postMessage: (message: unknown) => (answer = message) } }));
      return answer;
    };
  }

  it('answers unchanged for the current session state, changed after a new sign-in or sign-out', async () => {
    const browser = new TestBrowser();
    const { params, tokens } = await signIn(browser);
    const sessionState = params.get('session_state')!;
    const ask = await loadIframe(browser);
    expect(browser.cookie('varde_op_bs')?.httpOnly).toBe(false);

    expect(ask(`portal ${sessionState}`)).toBe('unchanged');
    expect(ask(`portal ${sessionState}`, 'http://elsewhere.example')).toBe('changed');
    expect(ask(`other-client ${sessionState}`)).toBe('changed');
    expect(ask('portal')).toBe('error');

    // Signing in again (here: the same user) starts a new provider session state.
    await signIn(browser);
    expect(ask(`portal ${sessionState}`)).toBe('changed');

    const again = await authorize(browser, { url: cloud.url, discovery }, { page: 'silent-callback', prompt: 'none' });
    const current = again.params.get('session_state')!;
    expect(ask(`portal ${current}`)).toBe('unchanged');

    await endSession(browser, String(tokens?.id_token));
    expect(ask(`portal ${current}`)).toBe('changed');
  });
});

async function endSession(browser: TestBrowser, idToken?: string) {
  const url = new URL(discovery.end_session_endpoint);
  url.searchParams.set('post_logout_redirect_uri', `${cloud.url}/login`);
  url.searchParams.set('state', 'bye');
  if (idToken) url.searchParams.set('id_token_hint', idToken);
  else url.searchParams.set('client_id', 'portal');
  const page = await browser.request(url.href);
  expect(page.status).toBe(200);
  const action = new URL(formAction(page.body, '/session/end/confirm'), cloud.url).href;
  const done = await browser.navigate(action, {
    form: { xsrf: hiddenInput(page.body, 'xsrf'), logout: 'yes' },
    stopAt: `${cloud.url}/login`,
  });
  return { page, done };
}

describe('end-session', () => {
  it('signs out without a click when id_token_hint names the signed-in user', async () => {
    const browser = new TestBrowser();
    const { tokens } = await signIn(browser);
    const { page, done } = await endSession(browser, String(tokens?.id_token));
    expect(page.body).toContain(`getElementById('logout-yes').click()`);
    expect(new URL(done.url).searchParams.get('state')).toBe('bye');
    expect(browser.cookie('varde_op_session')).toBeUndefined();

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${String(tokens?.access_token)}` },
    });
    expect(userinfo.status).toBe(401);
    const silent = await authorize(browser, { url: cloud.url, discovery }, { page: 'silent-callback', prompt: 'none' });
    expect(silent.params.get('error')).toBe('login_required');
  });

  it('asks for confirmation when there is no id_token_hint', async () => {
    const browser = new TestBrowser();
    await signIn(browser);
    const { page } = await endSession(browser);
    expect(page.body).not.toContain('.click()');
    expect(page.body).toContain('Yes, sign me out');
    const silent = await authorize(browser, { url: cloud.url, discovery }, { page: 'silent-callback', prompt: 'none' });
    expect(silent.params.get('error')).toBe('login_required');
  });
});

describe('restart with a data directory', () => {
  it('keeps the provider session', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varde-oidc-'));
    try {
      const first = await startCloud({ storage: { kind: 'directory', dir } });
      const browser = new TestBrowser();
      try {
        await signIn(browser, { url: first.url, discovery: await discover(`${first.url}/cloud/login/v2`) });
      } finally {
        await first.close();
      }
      // Another port on the same host: cookies are not port-bound, and fetch opens new connections.
      const second = await startCloud({ storage: { kind: 'directory', dir } });
      try {
        const base = { url: second.url, discovery: await discover(`${second.url}/cloud/login/v2`) };
        const silent = await authorize(browser, base, { page: 'silent-callback', prompt: 'none' });
        expect(silent.params.get('error')).toBeNull();
        expect(silent.tokens?.id_token).toBeTruthy();
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
