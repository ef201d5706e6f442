import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { alarmChanged, alarmRowResponse, controllerProxyNamespace, type AlarmChanged, type SignedIn } from '@varde/core/contract';
import { canSeeSite, usersWhoSeeSite } from '../src/controllers/visibleSites.js';
import { CONTROLLER_PROXY_PATH } from '../src/proxy/controllerProxy.js';
import { demoSites } from '../src/seed/demoSites.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { callAs, firebaseIdToken, signInDemo, tokenFor } from './helpers/siteTestKit.js';
import { bearer, call } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// Server push of alarm changes on the controller proxy: alarm_changed reaches the logged-in sockets of
// the alarm's site, and nobody else's; a socket whose sign-in ended is closed at the next push.
let cloud: Cloud;
let user: SignedIn;
let sysadmin: SignedIn;
let partnerAdmin: SignedIn;
const sites = demoSites();
const userSite = sites.find((site, index) => index < 10 && site.webpmpReady === true)!;
const partnerSite = sites.find((site, index) => index >= 30 && index < 60 && site.webpmpReady === true)!;
const sockets: Socket[] = [];

beforeAll(async () => {
  cloud = await startCloud();
  [user, sysadmin, partnerAdmin] = await Promise.all([signInDemo(cloud, 'user'), signInDemo(cloud, 'systemAdmin'), signInDemo(cloud, 'partnerAdmin')]);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => cloud.close());

/** A socket on the site's namespace after login_firebase, with every alarm_changed it gets. */
async function siteSocket(signedIn: SignedIn, siteUuid: string): Promise<{ socket: Socket; pushes: AlarmChanged[]; loggedIn: boolean }> {
  const socket = io(`${cloud.url}${controllerProxyNamespace(siteUuid)}`, { path: CONTROLLER_PROXY_PATH, transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const pushes: AlarmChanged[] = [];
  socket.on('alarm_changed', (payload: unknown) => pushes.push(alarmChanged.parse(payload)));
  const reply = new Promise<string>((resolve) => {
    socket.once('login_loggedIn', () => resolve('login_loggedIn'));
    socket.once('login_error', () => resolve('login_error'));
  });
  socket.emit('login_firebase', { firebaseToken: await firebaseIdToken(cloud, signedIn), type: 'portal' });
  return { socket, pushes, loggedIn: (await reply) === 'login_loggedIn' };
}

/** The next alarm_changed on the socket. */
const nextPush = (socket: Socket) => new Promise<AlarmChanged>((resolve) => socket.once('alarm_changed', (payload: unknown) => resolve(alarmChanged.parse(payload))));

/** A round trip on the socket: the server answers in order, so a push sent before it has arrived by then. */
const roundTrip = (socket: Socket) => socket.timeout(5000).emitWithAck('alarm_getUpdate', {});

async function raise(siteUuid: string, tagName: string) {
  const raised = await callAs(cloud, sysadmin, 'alarms', '/simulation/alarms', { json: { siteUuid, alarmGroup: 'A', tagName } });
  return alarmRowResponse.parse(raised.body).data;
}

test('raising and acknowledging an alarm pushes alarm_changed to the site\'s logged-in sockets', async () => {
  const viewer = await siteSocket(user, userSite.uuid);
  expect(viewer.loggedIn).toBe(true);
  const raisedPush = nextPush(viewer.socket);
  const alarm = await raise(userSite.uuid, 'PUSH-1');
  expect(await raisedPush).toMatchObject({ siteUuid: userSite.uuid, alarmId: alarm.id });

  const ackPush = nextPush(viewer.socket);
  expect((await callAs(cloud, user, 'alarms', `/alarms/${alarm.id}/acknowledge`, { method: 'POST', json: { comment: 'sett' } })).status).toBe(200);
  const pushed = await ackPush;
  expect(pushed.alarmId).toBe(alarm.id);
  // The push carries the site's latest change: the next alarm_getUpdate with the old timestamp has rows.
  const update = await viewer.socket.timeout(5000).emitWithAck('alarm_getUpdate', { latestTimestamp: pushed.latestTimestamp - 1 });
  expect(update.rows.find((row: { id: string }) => row.id === alarm.id)).toMatchObject({ acknowledgedBy: 'user@varde.test', ackComment: 'sett' });
});

test("another partner's user is not pushed to: no login on the site, and no alarm_changed of it", async () => {
  const own = await siteSocket(partnerAdmin, partnerSite.uuid);
  const foreign = await siteSocket(partnerAdmin, userSite.uuid);
  expect(own.loggedIn).toBe(true);
  expect(foreign.loggedIn).toBe(false);
  const viewer = await siteSocket(user, userSite.uuid);

  const viewerPush = nextPush(viewer.socket);
  const alarm = await raise(userSite.uuid, 'PUSH-2');
  expect((await viewerPush).alarmId).toBe(alarm.id);
  await callAs(cloud, user, 'alarms', `/alarms/${alarm.id}/acknowledge`, { method: 'POST' });
  await roundTrip(foreign.socket);
  await roundTrip(own.socket);
  expect(foreign.pushes).toEqual([]);
  expect(own.pushes.filter((push) => push.siteUuid !== partnerSite.uuid)).toEqual([]);
  expect(own.pushes.map((push) => push.alarmId)).not.toContain(alarm.id);
});

test('a viewer who lost the site gets no more pushes of it, while the others watching it still do', async () => {
  const viewer = await siteSocket(user, userSite.uuid);
  const admin = await siteSocket(sysadmin, userSite.uuid);
  expect(viewer.loggedIn && admin.loggedIn).toBe(true);
  const grant = `/cloud/users/users/${demoUid('user')}/sites/${userSite.uuid}`;
  expect((await call(cloud, grant, { method: 'DELETE', headers: bearer(tokenFor(sysadmin, 'users')) })).status).toBe(200);
  try {
    const adminPush = nextPush(admin.socket);
    const alarm = await raise(userSite.uuid, 'PUSH-LOST');
    expect((await adminPush).alarmId).toBe(alarm.id);
    const afterRaise = nextPush(admin.socket);
    await callAs(cloud, sysadmin, 'alarms', `/alarms/${alarm.id}/acknowledge`, { method: 'POST' });
    await afterRaise;
    expect(viewer.pushes.map((push) => push.alarmId)).not.toContain(alarm.id);
  } finally {
    await call(cloud, grant, { method: 'PUT', headers: bearer(tokenFor(sysadmin, 'users')) });
  }
});

test('a socket whose sign-in ended is closed at the next push and gets nothing', async () => {
  const signedIn = await signInDemo(cloud, 'user');
  const viewer = await siteSocket(signedIn, userSite.uuid);
  expect(viewer.loggedIn).toBe(true);
  const closed = new Promise<void>((resolve) => viewer.socket.once('disconnect', () => resolve()));
  const logout = await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: bearer(signedIn.accessTokens['auth.localhost']!) });
  expect(logout.status).toBe(200);
  await raise(userSite.uuid, 'PUSH-3');
  await closed;
  expect(viewer.pushes).toEqual([]);
});

test('a listening socket is closed soon after its sign-out, even when no alarm changes', async () => {
  const signedIn = await signInDemo(cloud, 'user');
  const viewer = await siteSocket(signedIn, userSite.uuid);
  expect(viewer.loggedIn).toBe(true);
  const closed = new Promise<void>((resolve) => viewer.socket.once('disconnect', () => resolve()));
  expect((await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: bearer(signedIn.accessTokens['auth.localhost']!) })).status).toBe(200);
  await closed; // the periodic recheck (every 2 s) closes it
  expect(viewer.pushes).toEqual([]);
});

test("the push's check of all viewers at once answers as the check of each one does", async () => {
  const uids = [demoUid('user'), demoUid('systemAdmin'), demoUid('partnerAdmin'), 'no-such-uid'];
  for (const siteUuid of [userSite.uuid, partnerSite.uuid, 'not/a/site']) {
    const each = new Set<string>();
    for (const uid of uids) if (await canSeeSite(cloud.context, uid, siteUuid)) each.add(uid);
    expect(await usersWhoSeeSite(cloud.context, uids, siteUuid)).toEqual(each);
  }
  expect((await usersWhoSeeSite(cloud.context, uids, userSite.uuid)).size).toBe(2);
});
