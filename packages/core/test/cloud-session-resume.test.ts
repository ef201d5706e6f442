import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSession, listControllersResponse, localSettings, USER_STORAGE_KEY, type Session } from './support.js';
import { demoUsers, latestSmsCode, startCloud, type Cloud } from './helpers/cloud.js';
import { manualTimers, memoryStorage } from './helpers/fakes.js';

/**
 * A page reload after a password (+ SMS) sign-in: a new session in the same "browser" (cookie jar)
 * resumes the auth server's cookie session at start(), against the reference cloud.
 */
let cloud: Cloud;
const sessions: Session[] = [];

beforeAll(async () => {
  cloud = await startCloud();
}, 60_000);
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.dispose()));
});
afterAll(async () => {
  await cloud.close();
});

/** What a browser keeps across reloads: its cookies. `hold` delays one path's response until released. */
function browserCookies() {
  const cookies = new Map<string, string>();
  /** Every answer as `status path`: a browser logs each 4xx on the console. */
  const answers: string[] = [];
  let held: { path: string; release: Promise<void>; reached: () => void } | null = null;
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.trim());
    }
    const url = String(input instanceof Request ? input.url : input);
    answers.push(`${response.status} ${new URL(url).pathname}`);
    if (held && new URL(url).pathname === held.path) {
      held.reached();
      await held.release;
    }
    return response;
  };
  return {
    cookies,
    answers,
    fetch: fetchWithCookies,
    /** Holds the next response for `path`; resolves `reached` when it arrived, delivers on release(). */
    hold(path: string) {
      let release!: () => void;
      let reached!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      held = { path, release: released, reached };
      return { arrived, release };
    },
  };
}

function pageLoad(browser: ReturnType<typeof browserCookies>) {
  const storage = memoryStorage();
  const timers = manualTimers();
  const session = createSession({ settings: localSettings(cloud.url), storage, timers, oidc: false, fetch: browser.fetch });
  sessions.push(session);
  return { session, storage, timers };
}

async function signInWithSms(session: Session) {
  const user = demoUsers.sms;
  const first = await session.signInWithPassword(user.email, user.password);
  if (!first.smsRequired) throw new Error('expected the SMS step');
  return session.verifySms(first.uid, await latestSmsCode(cloud, user.smsPhone));
}

describe('resuming the cookie session at start', () => {
  it('a reload after password + SMS sign-in resumes: tokens, user, realtime, hourly renewal', async () => {
    const browser = browserCookies();
    const first = pageLoad(browser);
    const user = await signInWithSms(first.session);
    expect(browser.cookies.size).toBe(1);
    await first.session.dispose();

    const { session, storage, timers } = pageLoad(browser);
    expect(await session.start()).toBe('signed-in');
    expect(session.user?.email).toBe(user.email);
    expect(session.uid).toBe(user.uid);
    expect(session.store.getState().expiresAt).toEqual(expect.any(Number));
    const sites = await session.http.request('controllers-api', '/controllers', { schema: listControllersResponse });
    expect(sites.data.length).toBe(Object.keys(user.controllers).length);
    expect(session.realtime?.currentUid()).toBe(user.uid);
    expect(await session.realtime?.get(`users/${user.uid}/email`)).toBe(user.email);
    expect(timers.active()).toBe(1);
    expect([...storage.data.keys()]).toEqual([USER_STORAGE_KEY]);
    expect(storage.getItem(USER_STORAGE_KEY)).not.toContain(session.tokenFor('auth'));

    // The hourly renewal keeps working on the resumed session.
    const before = session.store.getState().tokensVersion;
    timers.fire();
    await expect.poll(() => session.store.getState().tokensVersion).toBe(before + 1);
    expect(session.state).toBe('signed-in');
  });

  it('a refused resume (no or ended backend session) signs out with the start reason, and no request is refused (issue 26, item 8)', async () => {
    const browser = browserCookies();
    const none = pageLoad(browser);
    none.storage.setItem(USER_STORAGE_KEY, JSON.stringify({ uid: 'stale' }));
    expect(await none.session.start()).toBe('signed-out');
    expect(none.session.store.getState().signOutReason).toBe('no-session');
    expect(none.session.accessTokens()).toBeNull();
    // It asked whether there is a session (no), and renewed nothing: no 401 for the console.
    expect(browser.answers).toEqual(['200 /cloud/auth/session']);

    const first = pageLoad(browser);
    await first.session.signInWithPassword(demoUsers.user.email, demoUsers.user.password);
    const stolenCookie = [...browser.cookies];
    await first.session.signOut();
    expect(browser.cookies.size).toBe(0);
    // Even the old cookie value no longer works: the backend ended the session (401).
    for (const [name, value] of stolenCookie) browser.cookies.set(name, value);
    const after = pageLoad(browser);
    browser.answers.length = 0;
    expect(await after.session.start()).toBe('signed-out');
    expect(browser.answers).toEqual(['200 /cloud/auth/session']);
    expect(after.session.store.getState().signOutReason).toBe('no-session');
    expect(after.storage.data.size).toBe(0);
    expect(after.timers.active()).toBe(0);
  });

  it('a sign-out while the resume is under way wins', async () => {
    const browser = browserCookies();
    const first = pageLoad(browser);
    await first.session.signInWithPassword(demoUsers.user.email, demoUsers.user.password);
    await first.session.dispose();

    const { session, storage, timers } = pageLoad(browser);
    const customToken = browser.hold('/cloud/auth/customToken');
    const starting = session.start();
    await customToken.arrived;
    await session.signOut();
    customToken.release();
    expect(await starting).toBe('signed-out');
    expect(session.store.getState().signOutReason).toBe('user');
    expect(session.accessTokens()).toBeNull();
    expect(session.realtime?.currentUid()).toBeNull();
    expect(storage.data.size).toBe(0);
    expect(timers.active()).toBe(0);
    // The sign-out ended the backend session too: the next reload stays signed out.
    expect(await pageLoad(browser).session.start()).toBe('signed-out');
  });
});
