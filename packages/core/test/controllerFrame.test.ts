import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ControllerProxyError, createSession, dashboardFrameHeight, localSettings, openPortalIdSession, type Session } from '@varde/core';
import { listControllersResponse } from '@varde/core/contract';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';
import { manualTimers, memoryStorage } from './helpers/fakes.js';

/**
 * The controller frame's portal-id exchange against the reference cloud's controller proxy: a real
 * firebase ID token from the real SDK, a real socket.io connection.
 */
let cloud: Cloud;
const sessions: Session[] = [];

beforeAll(async () => {
  cloud = await startCloud();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.dispose()));
});
afterAll(async () => {
  await cloud.close();
});

async function signedIn(user: { email: string; password: string }) {
  const session = createSession({ settings: localSettings(cloud.url), storage: memoryStorage(), timers: manualTimers(), oidc: false });
  sessions.push(session);
  const result = await session.signInWithPassword(user.email, user.password);
  expect(result.smsRequired).toBe(false);
  const { data } = await session.http.request('controllers-api', '/controllers', { schema: listControllersResponse });
  return { session, sites: data };
}

describe('openPortalIdSession', () => {
  it('exchanges the firebase ID token for a portal id on the site socket', async () => {
    const { session, sites } = await signedIn(demoUsers.user);
    const site = sites.find((candidate) => candidate.webpmpReady === true)!;
    const opened = await openPortalIdSession({
      proxyUrl: session.settings.services['controller-proxy'],
      siteUuid: site.uuid,
      firebaseToken: () => session.realtime!.idToken(),
    });
    expect(opened.portalId).toMatch(/\S{8,}/);
    opened.close();
  });

  it('rejects with "Failed to login" when the token is refused, and for a site the user does not have', async () => {
    const { session, sites } = await signedIn(demoUsers.guest);
    const proxyUrl = session.settings.services['controller-proxy'];
    const refused = openPortalIdSession({
      proxyUrl,
      siteUuid: sites[0]!.uuid,
      firebaseToken: async () => 'not-a-firebase-token',
    });
    await expect(refused).rejects.toBeInstanceOf(ControllerProxyError);
    await expect(refused).rejects.toThrow('Failed to login');

    const { sites: everySite } = await signedIn(demoUsers.systemAdmin);
    const notTheGuests = everySite.find((candidate) => !sites.some((own) => own.uuid === candidate.uuid))!;
    await expect(
      openPortalIdSession({ proxyUrl, siteUuid: notTheGuests.uuid, firebaseToken: () => session.realtime!.idToken() }),
    ).rejects.toThrow('Failed to login');
  });

  it('stops when the caller aborts', async () => {
    const { session, sites } = await signedIn(demoUsers.user);
    const controller = new AbortController();
    controller.abort(new Error('left the page'));
    await expect(
      openPortalIdSession({
        proxyUrl: session.settings.services['controller-proxy'],
        siteUuid: sites[0]!.uuid,
        firebaseToken: () => session.realtime!.idToken(),
        signal: controller.signal,
      }),
    ).rejects.toThrow('left the page');
  });
});

describe('dashboardFrameHeight', () => {
  it('is the window height minus 180, never negative', () => {
    expect(dashboardFrameHeight(900)).toBe(720);
    expect(dashboardFrameHeight(100)).toBe(0);
  });
});
