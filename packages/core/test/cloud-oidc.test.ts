import { InMemoryWebStorage, UserManager, type INavigator } from 'oidc-client-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, listControllersResponse, localSettings, oidcSettings, type Session } from './support.js';
import { demoUsers, latestSmsCode, startCloud, type Cloud } from './helpers/cloud.js';
import { manualTimers, memoryStorage } from './helpers/fakes.js';
import { FormBrowser, formActionOf } from './helpers/formBrowser.js';

/**
 * The browser sign-in of the session, run in Node: a real oidc-client-ts UserManager (code flow +
 * PKCE) against the cloud's identity provider, with the page navigation replaced by a scripted
 * browser that fills in the provider's own HTML forms. The session monitor and silent renew need
 * iframes, so they are off here (the Chromium end-to-end suite covers them).
 */
let cloud: Cloud;
beforeAll(async () => {
  cloud = await startCloud();
});
afterAll(async () => {
  await cloud.close();
});

/** Stands in for window.location: records where the UserManager sends the page. */
function recordingNavigator() {
  const urls: string[] = [];
  const navigator: INavigator = {
    prepare: async () => ({
      navigate: async (params) => {
        urls.push(params.url);
        return { url: params.url };
      },
      close: () => undefined,
    }),
    callback: async () => undefined,
  };
  return { navigator, urls };
}

function browserSession(): { session: Session; urls: string[] } {
  const settings = localSettings(cloud.url);
  const { navigator, urls } = recordingNavigator();
  const userManager = new UserManager(
    {
      ...oidcSettings({
        loginServerUrl: settings.loginServerUrl,
        clientId: settings.clientId,
        origin: cloud.url,
        store: new InMemoryWebStorage(),
      }),
      automaticSilentRenew: false,
      monitorSession: false,
    },
    navigator,
  );
  const session = createSession({
    settings,
    oidc: userManager,
    storage: memoryStorage(),
    timers: manualTimers(),
  });
  return { session, urls };
}

describe('browser sign-in through the identity provider', () => {
  it('redirects, signs in with password + SMS at the provider, exchanges the ID token, returns the redirect', async () => {
    const { session, urls } = browserSession();
    const user = demoUsers.sms;
    void session.signInRedirect({ prompt: 'login', redirect: '/alarms/map' });
    await expect.poll(() => urls.length).toBe(1);
    await expect(session.signInRedirect()).rejects.toThrow('Login redirect already initialized');

    const authorize = new URL(urls[0] ?? '');
    expect(authorize.href.startsWith(`${cloud.url}/cloud/login/v2/`)).toBe(true);
    expect(authorize.searchParams.get('client_id')).toBe('portal');
    expect(authorize.searchParams.get('scope')).toBe('openid profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('prompt')).toBe('login');

    const browser = new FormBrowser();
    const loginPage = await browser.navigate(authorize.href);
    const smsPage = await browser.navigate(formActionOf(loginPage.body, '/login', cloud.url), {
      email: user.email,
      password: user.password,
    });
    const code = await latestSmsCode(cloud, user.smsPhone);
    const callback = await browser.navigate(
      formActionOf(smsPage.body, '/sms', cloud.url),
      { code },
      `${cloud.url}/login/callback`,
    );
    expect(callback.url.startsWith(`${cloud.url}/login/callback?`)).toBe(true);

    const redirect = await session.completeSignIn(callback.url);
    expect(redirect).toBe('/alarms/map');
    expect(session.state).toBe('signed-in');
    expect(session.user?.email).toBe(user.email);
    expect(session.realtime?.currentUid()).toBe(session.uid);
    const sites = await session.http.request('controllers-api', '/controllers', { schema: listControllersResponse });
    expect(sites.data.length).toBeGreaterThan(0);
    await session.dispose();
  });

  it('signs out on a callback that fails (the portal then restarts login)', async () => {
    const { session } = browserSession();
    await expect(session.completeSignIn(`${cloud.url}/login/callback?code=forged&state=unknown`)).rejects.toThrow();
    expect(session.state).toBe('signed-out');
    expect(session.store.getState().signOutReason).toBe('sign-in-failed');
    await session.dispose();
  });
});
