import { afterAll, beforeAll, expect, test } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { controllerProxyNamespace } from '@varde/core/contract';
import { CONTROLLER_PROXY_PATH } from '../src/proxy/controllerProxy.js';
import { demoSites } from '../src/seed/demoSites.js';
import { signInDemo } from './helpers/siteTestKit.js';
import { call } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/**
 * The proxy remembers ID tokens it has checked (90 site sockets log in with one token): a remembered
 * token still expires on time, and still ends with its sign-in.
 */
const clock = manualClock();
let cloud: Cloud;
const sockets: Socket[] = [];
const onlineSites = demoSites().filter((site, index) => index < 10 && site.webpmpReady === true);

beforeAll(async () => {
  cloud = await startCloud({ clock });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await cloud.close();
});

/** A realtime sign-in of a demo user: its ID token and refresh token. */
async function realtimeSignIn(): Promise<{ idToken: string; refreshToken: string }> {
  const signedIn = await signInDemo(cloud, 'user');
  const answer = await call(cloud, '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k', {
    json: { token: signedIn.token, returnSecureToken: true },
  });
  expect(answer.status).toBe(200);
  return { idToken: answer.body.idToken as string, refreshToken: answer.body.refreshToken as string };
}

async function login(siteUuid: string, idToken: string): Promise<string> {
  const socket = io(`${cloud.url}${controllerProxyNamespace(siteUuid)}`, { path: CONTROLLER_PROXY_PATH, transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const reply = new Promise<string>((resolve) => {
    socket.once('login_loggedIn', () => resolve('logged in'));
    socket.once('login_error', (error: { message: string }) => resolve(error.message));
  });
  socket.emit('login_firebase', { firebaseToken: idToken, type: 'portal' });
  return reply;
}

test('one ID token logs many sockets in, and stops at its expiry like any other', async () => {
  const { idToken, refreshToken } = await realtimeSignIn();
  for (const site of onlineSites) expect(await login(site.uuid, idToken)).toBe('logged in');

  clock.advance(3600 * 1000 + 1000);
  expect(await login(onlineSites[0]!.uuid, idToken)).toMatch(/firebase token is invalid or has expired/);
  // The sign-in itself lives on: a refreshed token logs in.
  const refreshed = await call(cloud, '/securetoken.googleapis.com/v1/token?key=k', { json: { grant_type: 'refresh_token', refresh_token: refreshToken } });
  expect(refreshed.status).toBe(200);
  expect(await login(onlineSites[0]!.uuid, refreshed.body.id_token as string)).toBe('logged in');
});
