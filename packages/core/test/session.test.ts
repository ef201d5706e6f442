import { afterEach, describe, expect, it } from 'vitest';
import {
  createSession,
  HttpError,
  localSettings,
  USER_STORAGE_KEY,
  type OidcUserManager,
  type Session,
  type SessionSnapshot,
} from './support.js';
import { demoUser, noSession, startFakeAuthServer } from './helpers/fakeAuthServer.js';
import { manualTimers, memoryStorage, recordingRealtime } from './helpers/fakes.js';
import { sendJson } from './helpers/testServer.js';

type AuthServer = Awaited<ReturnType<typeof startFakeAuthServer>>;
let server: AuthServer | undefined;
let session: Session | undefined;
afterEach(async () => {
  await session?.dispose();
  await server?.close();
  session = undefined;
  server = undefined;
});

async function setup(overrides: Parameters<typeof startFakeAuthServer>[0] = {}, extra: { failSignIn?: boolean } = {}) {
  server = await startFakeAuthServer(overrides);
  const storage = memoryStorage();
  const timers = manualTimers();
  const { realtime, calls } = recordingRealtime(extra);
  session = createSession({ settings: localSettings(server.origin), storage, timers, realtime, oidc: false });
  const states: SessionSnapshot['state'][] = [];
  session.onChange((snapshot) => states.push(snapshot.state));
  return { server, session, storage, timers, realtimeCalls: calls, states };
}

describe('session: password sign-in', () => {
  it('signs in: tokens in memory, user (only) in storage, realtime signed in, change events', async () => {
    const { session, storage, realtimeCalls, states, timers } = await setup();
    expect(session.state).toBe('loading');
    const result = await session.signInWithPassword('ola@example.com', 'right');
    expect(result).toEqual({ smsRequired: false, user: expect.objectContaining({ uid: 'u-1' }) });
    expect(session.state).toBe('signed-in');
    expect(states).toContain('signed-in');
    expect(session.user?.name).toBe('Ola Nordmann');
    expect(session.tokenFor('controllers-api')).toBe('ctrl-1');
    expect(() => session.tokenFor('historian')).toThrow('Failed to find access token for service historian');
    expect(realtimeCalls).toEqual(['signIn:custom-1']);
    const stored = storage.data.get(USER_STORAGE_KEY) ?? '';
    expect(JSON.parse(stored)).toMatchObject({ uid: 'u-1', name: 'Ola Nordmann' });
    expect(stored).not.toContain('ctrl-1');
    expect(stored).not.toContain('custom-1');
    expect([...storage.data.keys()]).toEqual([USER_STORAGE_KEY]);
    expect(timers.active()).toBe(1);
    expect(timers.lastMs).toBe(3_600_000);
  });

  it('asks for the SMS code, then signs in with it; a wrong code is an HttpError 401', async () => {
    const { session } = await setup();
    const first = await session.signInWithPassword('sms@example.com', 'right');
    expect(first).toEqual({ smsRequired: true, uid: 'u-1', phoneHint: null, resendTicket: null });
    expect(session.state).toBe('loading');
    const wrong = await session.verifySms('u-1', '000000').catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(HttpError);
    expect((wrong as HttpError).status).toBe(401);
    expect(session.state).toBe('signed-out');
    const user = await session.verifySms('u-1', '123456');
    expect(user.uid).toBe('u-1');
    expect(session.state).toBe('signed-in');
  });

  it('a wrong password leaves the session signed out with the server detail', async () => {
    const { session } = await setup();
    await expect(session.signInWithPassword('ola@example.com', 'wrong')).rejects.toMatchObject({
      status: 401,
      detail: 'Wrong username or password',
    });
    expect(session.state).toBe('signed-out');
    expect(session.accessTokens()).toBeNull();
  });

  it('fails the sign-in when the realtime database refuses the custom token', async () => {
    const { session, storage } = await setup({}, { failSignIn: true });
    await expect(session.signInWithPassword('ola@example.com', 'right')).rejects.toThrow(
      'Failed to get firebase login token',
    );
    expect(session.state).toBe('signed-out');
    expect(session.store.getState().signOutReason).toBe('sign-in-failed');
    expect(session.accessTokens()).toBeNull();
    expect(storage.data.size).toBe(0);
  });
});

describe('session: renewal, user refresh, sign-out', () => {
  it('renews the tokens on the hourly timer', async () => {
    const { session, timers, server } = await setup();
    await session.signInWithPassword('ola@example.com', 'right');
    const version = session.store.getState().tokensVersion;
    await session.renew();
    expect(session.tokenFor('controllers-api')).toBe('ctrl-2');
    expect(session.store.getState().tokensVersion).toBe(version + 1);
    const renewCall = server.requests.find((r) => r.url === '/cloud/auth/session/renew');
    expect(renewCall?.headers.authorization).toBe('Bearer auth-1');
    timers.fire();
    await expect.poll(() => session.tokenFor('controllers-api')).toBe('ctrl-3');
  });

  it('signs out when the renewal answers 401', async () => {
    const { session, storage, timers } = await setup({
      'POST /cloud/auth/session/renew': (req, res) => sendJson(res, 401, { detail: 'Session has expired' }),
    });
    await session.signInWithPassword('ola@example.com', 'right');
    await session.renew();
    expect(session.state).toBe('signed-out');
    expect(session.store.getState().signOutReason).toBe('session-expired');
    expect(storage.data.size).toBe(0);
    expect(timers.active()).toBe(0);
  });

  it('keeps the session when the renewal fails for another reason', async () => {
    const { session } = await setup({
      'POST /cloud/auth/session/renew': (req, res) => sendJson(res, 503, { detail: 'maintenance' }),
    });
    await session.signInWithPassword('ola@example.com', 'right');
    await expect(session.renew()).rejects.toMatchObject({ status: 503 });
    expect(session.state).toBe('signed-in');
  });

  it('refreshes user data, and signs out when that answers 4xx', async () => {
    let status = 200;
    const { session, storage } = await setup({
      'POST /cloud/auth/session/userinfo': (req, res) =>
        status === 200 ? sendJson(res, 200, { user: { ...demoUser, name: 'Kari' } }) : sendJson(res, status, { detail: 'gone' }),
    });
    await session.signInWithPassword('ola@example.com', 'right');
    expect((await session.refreshUser())?.name).toBe('Kari');
    expect(JSON.parse(storage.data.get(USER_STORAGE_KEY) ?? '{}').name).toBe('Kari');
    status = 500;
    await expect(session.refreshUser()).rejects.toMatchObject({ status: 500 });
    expect(session.state).toBe('signed-in');
    status = 403;
    expect(await session.refreshUser()).toBeNull();
    expect(session.state).toBe('signed-out');
    expect(session.store.getState().signOutReason).toBe('user-refresh-failed');
  });

  it('signs out: backend logout, tokens dropped, realtime signed out, storage cleared', async () => {
    const { session, storage, realtimeCalls, server } = await setup();
    await session.signInWithPassword('ola@example.com', 'right');
    await session.signOut();
    expect(session.state).toBe('signed-out');
    expect(session.store.getState().signOutReason).toBe('user');
    expect(session.accessTokens()).toBeNull();
    expect(session.user).toBeNull();
    expect(storage.data.size).toBe(0);
    expect(realtimeCalls).toEqual(['signIn:custom-1', 'signOut']);
    expect(server.calls()).toContain('POST /cloud/auth/session/logout');
  });

  it('start() without an identity provider settles to signed-out and drops a stale stored user', async () => {
    server = await startFakeAuthServer({ 'POST /cloud/auth/session/renew': noSession });
    const storage = memoryStorage();
    storage.setItem(USER_STORAGE_KEY, JSON.stringify(demoUser));
    session = createSession({ settings: localSettings(server.origin), storage, realtime: false, oidc: false });
    expect(session.state).toBe('loading');
    expect(session.user?.uid).toBe('u-1');
    expect(await session.start()).toBe('signed-out');
    expect(session.store.getState().signOutReason).toBe('no-session');
    expect(storage.data.size).toBe(0);
  });

  it('accepts tokens pushed by a host page', async () => {
    const { session } = await setup();
    await session.useAccessTokens({ 'historian.localhost': 'pushed' }, { user: { ...demoUser } as never });
    expect(session.state).toBe('signed-in');
    expect(session.tokenFor('historian')).toBe('pushed');
    expect(session.user?.uid).toBe('u-1');
  });

  it('discards a sign-in that a sign-out overtook', async () => {
    let release: () => void = () => undefined;
    const { session } = await setup({
      'POST /cloud/auth/login': (req, res) => {
        release = () => sendJson(res, 200, { requireSmsValidation: false, uid: 'u-1', token: 't', accessTokens: {}, expiresAt: 1, user: demoUser });
      },
    });
    const pending = session.signInWithPassword('ola@example.com', 'right');
    await expect.poll(() => server?.requests.length).toBe(1);
    await session.signOut();
    release();
    await expect(pending).rejects.toThrow('overtaken');
    expect(session.state).toBe('signed-out');
  });
});

describe('session: identity provider', () => {
  function fakeUserManager(options: { silentFails?: boolean } = {}) {
    const calls: string[] = [];
    let signedOutListener: () => void = () => undefined;
    let redirectState: unknown;
    let storedUser: { id_token: string } | null = null;
    const manager = {
      async signinRedirect(args: { prompt?: string; state?: unknown }) {
        calls.push(`signinRedirect:${args.prompt ?? ''}`);
        redirectState = args.state;
      },
      async signinRedirectCallback(url: string) {
        calls.push(`callback:${url}`);
        storedUser = { id_token: 'id-token-1' };
        return { id_token: 'id-token-1', state: redirectState };
      },
      async signinSilent() {
        calls.push('signinSilent');
        if (options.silentFails) throw new Error('login_required');
        storedUser = { id_token: 'id-token-2' };
        return storedUser;
      },
      async signinSilentCallback() {
        calls.push('silentCallback');
      },
      // Like oidc-client-ts: the stored user is removed before navigating to end-session.
      async signoutRedirect() {
        calls.push('signoutRedirect');
        storedUser = null;
      },
      async removeUser() {
        calls.push('removeUser');
        storedUser = null;
      },
      getUser: async () => storedUser,
      stopSilentRenew: () => calls.push('stopSilentRenew'),
      events: {
        addUserSignedOut(cb: () => void) {
          signedOutListener = cb;
          return () => undefined;
        },
      },
    };
    return { manager: manager as unknown as OidcUserManager, calls, providerSignsOut: () => signedOutListener() };
  }

  async function oidcSetup(options: { silentFails?: boolean; noCookieSession?: boolean } = {}) {
    server = await startFakeAuthServer(options.noCookieSession ? { 'POST /cloud/auth/session/renew': noSession } : {});
    const fake = fakeUserManager(options);
    const { realtime } = recordingRealtime();
    session = createSession({
      settings: localSettings(server.origin),
      storage: memoryStorage(),
      timers: manualTimers(),
      realtime,
      oidc: fake.manager,
    });
    return { session, fake, server };
  }

  it('refuses a second sign-in redirect, then completes the callback and returns the saved redirect', async () => {
    const { session, fake, server } = await oidcSetup();
    await session.signInRedirect({ prompt: 'login', redirect: '/alarms' });
    await expect(session.signInRedirect()).rejects.toThrow('Login redirect already initialized');
    const redirect = await session.completeSignIn('http://app/login/callback?code=c&state=s');
    expect(redirect).toBe('/alarms');
    expect(session.state).toBe('signed-in');
    const exchange = server.requests.find((r) => r.url === '/cloud/auth/login');
    expect(JSON.parse(exchange?.body ?? '{}')).toEqual({ idToken: 'id-token-1' });
    expect(fake.calls).toEqual(['signinRedirect:login', 'callback:http://app/login/callback?code=c&state=s']);
  });

  it('starts with a silent sign-in, and signs out when the provider reports the user gone', async () => {
    const { session, fake, server } = await oidcSetup();
    expect(await session.start()).toBe('signed-in');
    fake.providerSignsOut();
    await expect.poll(() => session.state).toBe('signed-out');
    expect(session.store.getState().signOutReason).toBe('provider');
    // The backend session ends too, so a reload cannot resume it behind the provider's back.
    expect(server.calls()).toContain('POST /cloud/auth/session/logout');
  });

  it('a failed silent sign-in signs out and forgets the provider user', async () => {
    const { session, fake } = await oidcSetup({ silentFails: true, noCookieSession: true });
    expect(await session.start()).toBe('signed-out');
    expect(session.store.getState().signOutReason).toBe('silent-sign-in-failed');
    expect(fake.calls).toContain('removeUser');
  });

  it('a failed silent sign-in falls back to the cookie session without passing through signed-out', async () => {
    const { session, fake, server } = await oidcSetup({ silentFails: true });
    server.routes['GET /cloud/auth/customToken'] = (req, res) => sendJson(res, 200, { token: 'custom-resumed' });
    const states: string[] = [];
    session.onChange((snapshot) => states.push(snapshot.state));
    expect(await session.start()).toBe('signed-in');
    expect(states).toEqual(['signed-in']);
    expect(session.user?.name).toBe('Kari');
    expect(session.tokenFor('controllers-api')).toBe('ctrl-2');
    expect(fake.calls).toContain('removeUser');
    const customTokenCall = server.requests.find((r) => r.url === '/cloud/auth/customToken');
    expect(customTokenCall?.headers.authorization).toBe('Bearer auth-2');
  });

  it('ends the provider session on sign-out when there is one, or when forced', async () => {
    const { session, fake } = await oidcSetup();
    await session.start();
    await session.signOut();
    expect(fake.calls.at(-1)).toBe('signoutRedirect');
    await session.signOut();
    expect(fake.calls.at(-1)).toBe('removeUser');
    await session.signOut({ force: true });
    expect(fake.calls.at(-1)).toBe('signoutRedirect');
  });
});
