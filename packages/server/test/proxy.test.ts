import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { alarmUpdate, controllerFramePath, controllerProxyNamespace, tagUserSearchResult, type SignedIn } from '@varde/core/contract';
import { CONTROLLER_PROXY_PATH } from '../src/proxy/controllerProxy.js';
import { demoSites } from '../src/seed/demoSites.js';
import { firebaseIdToken, signInDemo } from './helpers/siteTestKit.js';
import { bearer, call } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

let cloud: Cloud;
let user: SignedIn;
let userIdToken: string;
const sites = demoSites();
const onlineSite = sites.find((site, index) => index < 10 && site.webpmpReady === true)!;
const offlineSite = sites.find((site, index) => index < 10 && site.webpmpReady === false)!;
const sockets: Socket[] = [];

beforeAll(async () => {
  cloud = await startCloud();
  user = await signInDemo(cloud, 'user');
  userIdToken = await firebaseIdToken(cloud, user);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => cloud.close());

function siteSocket(siteUuid: string, transports: ('websocket' | 'polling')[] = ['websocket']): Socket {
  const socket = io(`${cloud.url}${controllerProxyNamespace(siteUuid)}`, {
    path: CONTROLLER_PROXY_PATH,
    transports,
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

function next(socket: Socket, ...events: string[]): Promise<{ event: string; payload: unknown }> {
  return new Promise((resolve) => {
    for (const event of events) socket.once(event, (payload: unknown) => resolve({ event, payload }));
  });
}

async function loggedInSocket(siteUuid: string): Promise<Socket> {
  const socket = siteSocket(siteUuid);
  const reply = next(socket, 'login_loggedIn', 'login_error');
  socket.emit('login_firebase', { firebaseToken: userIdToken, type: 'portal' });
  expect(await reply).toEqual({ event: 'login_loggedIn', payload: { uid: user.uid, siteUuid } });
  return socket;
}

test('login_firebase -> login_loggedIn; loginToken_get -> loginToken_loginToken (a single-use portal id)', async () => {
  const socket = await loggedInSocket(onlineSite.uuid);
  const token = next(socket, 'loginToken_loginToken', 'login_error');
  socket.emit('loginToken_get');
  const { event, payload } = await token;
  expect(event).toBe('loginToken_loginToken');
  expect(payload).toMatch(/^[A-Za-z0-9_-]{20,}$/);

  // The portal id forms the frame link; the frame page shows the site to that user only.
  const frame = await fetch(`${cloud.url}/cloud/controller-proxy${controllerFramePath(onlineSite.uuid, payload as string)}`);
  expect(frame.status).toBe(200);
  expect(frame.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(await frame.text()).toContain(`<h1>${onlineSite.name}</h1>`);
  const otherSite = sites.find((site, index) => index < 10 && site.webpmpReady === true && site.uuid !== onlineSite.uuid)!;
  const wrongSite = await fetch(`${cloud.url}/cloud/controller-proxy${controllerFramePath(otherSite.uuid, payload as string)}`);
  expect(wrongSite.status).toBe(401);
  const noId = await fetch(`${cloud.url}/cloud/controller-proxy/sites/${onlineSite.uuid}/`);
  expect(noId.status).toBe(401);
});

test('login_error for a bad token, a foreign site, an offline site; nothing is served before login', async () => {
  const bad = siteSocket(onlineSite.uuid);
  const badReply = next(bad, 'login_loggedIn', 'login_error');
  bad.emit('login_firebase', { firebaseToken: 'not-a-token', type: 'portal' });
  expect(await badReply).toMatchObject({ event: 'login_error', payload: { message: expect.stringContaining('firebase token') } });

  const wrongType = siteSocket(onlineSite.uuid);
  const wrongTypeReply = next(wrongType, 'login_loggedIn', 'login_error');
  wrongType.emit('login_firebase', { firebaseToken: userIdToken, type: 'controller' });
  expect(await wrongTypeReply).toMatchObject({ event: 'login_error' });

  const foreign = siteSocket(sites[45]!.uuid);
  const foreignReply = next(foreign, 'login_loggedIn', 'login_error');
  foreign.emit('login_firebase', { firebaseToken: userIdToken, type: 'portal' });
  expect(await foreignReply).toEqual({ event: 'login_error', payload: { message: 'You do not have access to this site' } });

  const offline = siteSocket(offlineSite.uuid);
  const offlineReply = next(offline, 'login_loggedIn', 'login_error');
  offline.emit('login_firebase', { firebaseToken: userIdToken, type: 'portal' });
  expect(await offlineReply).toEqual({ event: 'login_error', payload: { message: 'The site is not connected to the cloud' } });

  const early = siteSocket(onlineSite.uuid);
  const earlyReply = next(early, 'alarm_update', 'alarm_error');
  early.emit('alarm_getUpdate', {});
  expect(await earlyReply).toMatchObject({ event: 'alarm_error', payload: { message: expect.stringContaining('Not logged in') } });
});

test('alarm_getUpdate answers the site\'s current alarms; a raised alarm appears in the next update', async () => {
  const socket = await loggedInSocket(onlineSite.uuid);
  const request = { columns: ['tagName', 'text'], search: '', unackedOnly: false, amount: 50, start: 0, timeframe: 0, selectedTag: null, latestTimestamp: null };
  const first = alarmUpdate.parse(await socket.emitWithAck('alarm_getUpdate', request));
  expect(first.unchanged).toBe(false);
  expect(first.rows.every((row) => row.siteUuid === onlineSite.uuid && (row.inactive === null || row.acknowledgedBy === null))).toBe(true);

  const same = alarmUpdate.parse(await socket.emitWithAck('alarm_getUpdate', { ...request, latestTimestamp: first.latestTimestamp }));
  expect(same).toMatchObject({ unchanged: true, rows: [] });

  const raised = await cloud.context.alarms.raise({ siteUuid: onlineSite.uuid, alarmGroup: 'B', tagName: 'RT999', text: 'Høy temperatur <b>', value: '31 °C' });
  const event = next(socket, 'alarm_update');
  socket.emit('alarm_getUpdate', { ...request, latestTimestamp: first.latestTimestamp });
  const update = alarmUpdate.parse((await event).payload);
  expect(update.unchanged).toBe(false);
  expect(update.rows[0]).toMatchObject({ id: raised.id, alarmGroup: 'B', site: onlineSite.name, tagName: 'RT999', text: 'Høy temperatur <b>', value: '31 °C', inactive: null });

  const searched = alarmUpdate.parse(await socket.emitWithAck('alarm_getUpdate', { ...request, search: 'høy TEMP' }));
  expect(searched.rows.map((row) => row.id)).toContain(raised.id);
  expect(searched.rows.every((row) => /høy temp/i.test(row.text) || /høy temp/i.test(row.tagName))).toBe(true);
  const tag = alarmUpdate.parse(await socket.emitWithAck('alarm_getUpdate', { ...request, selectedTag: 'RT999', amount: 1 }));
  expect(tag).toMatchObject({ total: 1, rows: [{ id: raised.id }] });

  await cloud.context.alarms.acknowledge(raised.id, 'test');
  await cloud.context.alarms.clear(raised.id);
  const gone = alarmUpdate.parse(await socket.emitWithAck('alarm_getUpdate', request));
  expect(gone.rows.map((row) => row.id)).not.toContain(raised.id);

  const bad = await socket.emitWithAck('alarm_getUpdate', { amount: -1 });
  expect(bad).toMatchObject({ message: expect.stringContaining('amount') });
});

test('an answer goes by the ack when the client gives one, not also as an event', async () => {
  const socket = await loggedInSocket(onlineSite.uuid);
  const events: string[] = [];
  socket.onAny((event: string) => events.push(event));
  const answered = alarmUpdate.parse(await socket.emitWithAck('alarm_getUpdate', { amount: 50 }));
  expect(answered.rows.length).toBeGreaterThan(0);
  await socket.emitWithAck('loginToken_get');
  // A later event would come after the ack on the same connection: one more round trip settles it.
  const searched = await socket.emitWithAck('tag_userSearch', 'romtemperatur');
  expect(searched).toMatchObject({ search: 'romtemperatur' });
  expect(events).toEqual([]);
});

test('tag_userSearch searches the site\'s tags; works over long-polling too', async () => {
  const socket = siteSocket(onlineSite.uuid, ['polling']);
  const login = next(socket, 'login_loggedIn', 'login_error');
  socket.emit('login_firebase', { firebaseToken: userIdToken, type: 'portal' });
  expect((await login).event).toBe('login_loggedIn');
  const result = tagUserSearchResult.parse(await socket.emitWithAck('tag_userSearch', 'romtemperatur'));
  expect(result.rows.length).toBeGreaterThanOrEqual(2);
  expect(result.rows.every((row) => row.siteUuid === onlineSite.uuid && /romtemperatur/i.test(row.description))).toBe(true);
  expect(result.rows.map((row) => row.index)).toEqual(result.rows.map((_, index) => index));
  const empty = tagUserSearchResult.parse(await socket.emitWithAck('tag_userSearch', { search: '<img src=x onerror=alert(1)>' }));
  expect(empty).toEqual({ search: '<img src=x onerror=alert(1)>', rows: [] });
  const bad = tagUserSearchResult.parse(await socket.emitWithAck('tag_userSearch', 42));
  expect(bad.detail).toEqual(expect.any(String));
});

test('a site that drops off answers alarm_error until it is back', async () => {
  const socket = await loggedInSocket(onlineSite.uuid);
  const setReady = (ready: 0 | 1) => cloud.context.db.updateTable('sites').set({ webpmp_ready: ready }).where('uuid', '=', onlineSite.uuid).execute();
  await setReady(0);
  try {
    expect(await socket.emitWithAck('alarm_getUpdate', {})).toEqual({ message: 'The site is not connected to the cloud' });
  } finally {
    await setReady(1);
  }
  expect(alarmUpdate.parse(await socket.emitWithAck('alarm_getUpdate', {})).unchanged).toBe(false);
});

test('the proxy leaves other requests alone; unknown namespaces are refused', async () => {
  const answer = await fetch(`${cloud.url}/cloud/outbox/messages`);
  expect(answer.status).toBe(200);
  const unknownNamespace = io(`${cloud.url}/elsewhere`, { path: CONTROLLER_PROXY_PATH, transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(unknownNamespace);
  const error = await new Promise<Error>((resolve) => unknownNamespace.once('connect_error', resolve));
  expect(error.message).toMatch(/Invalid namespace/);
});

test('a session that ends (logout) ends its logged-in sockets and their new logins', async () => {
  const other = await signInDemo(cloud, 'user');
  const idToken = await firebaseIdToken(cloud, other);
  const socket = siteSocket(onlineSite.uuid);
  const login = next(socket, 'login_loggedIn', 'login_error');
  socket.emit('login_firebase', { firebaseToken: idToken, type: 'portal' });
  expect((await login).event).toBe('login_loggedIn');
  const logout = await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: bearer(other.accessTokens['auth.localhost']!) });
  expect(logout.status).toBe(200);

  const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  expect(await socket.emitWithAck('alarm_getUpdate', {})).toEqual({ message: 'The sign-in has ended: sign in again' });
  expect(await closed).toBe('io server disconnect');
  const again = siteSocket(onlineSite.uuid);
  const refused = next(again, 'login_loggedIn', 'login_error');
  again.emit('login_firebase', { firebaseToken: idToken, type: 'portal' });
  expect(await refused).toMatchObject({ event: 'login_error', payload: { message: expect.stringContaining('firebase token') } });
  // The other session of the same user goes on.
  expect(alarmUpdate.parse(await (await loggedInSocket(onlineSite.uuid)).emitWithAck('alarm_getUpdate', {})).unchanged).toBe(false);
});
