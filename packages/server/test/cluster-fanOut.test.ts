import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import { getDatabase, onValue, ref, set } from 'firebase/database';
import { REALTIME_NAMESPACE, controllerProxyNamespace, realtimePaths, type AlarmChanged, type SignedIn } from '@varde/core/contract';
import { CONTROLLER_PROXY_PATH } from '../src/proxy/controllerProxy.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import { mintCustomToken } from '../src/tokens/customTokens.js';
import type { Cloud } from '../src/cloud.js';
import { bearer, call } from './helpers/http.js';
import { sessionOf } from './helpers/session.js';
import { firebaseIdToken, signInDemo } from './helpers/siteTestKit.js';
import { testEngine } from './helpers/startCloud.js';
import { eventually, startTwoNodes } from './helpers/twoNodes.js';

/**
 * What one node commits reaches the sockets of the other (LISTEN/NOTIFY through PostgreSQL): alarm
 * pushes, realtime database listeners, and the end of a session. Two nodes on one database.
 */
describe.runIf(testEngine() === 'postgres')('fan-out between two nodes', () => {
  let nodes: NonNullable<Awaited<ReturnType<typeof startTwoNodes>>>;
  const sockets: Socket[] = [];
  const apps: FirebaseApp[] = [];
  const site = demoSites().find((candidate, index) => index < 10 && candidate.webpmpReady === true)!;
  // One public origin for both, as behind a load balancer: tokens one node issues name the issuer the
  // other expects. Tests reach each node directly on its port.
  beforeAll(async () => {
    const started = (await startTwoNodes({ publicOrigin: 'http://varde.localhost' }))!;
    const direct = (node: Cloud): Cloud => Object.assign(Object.create(node) as Cloud, { url: `http://localhost:${node.port}` });
    nodes = { ...started, a: direct(started.a), b: direct(started.b) };
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(apps.map((app) => deleteApp(app)));
    await nodes?.close();
  });

  async function loggedInSocket(node: Cloud, signedIn: SignedIn): Promise<Socket> {
    const socket = io(`${node.url}${controllerProxyNamespace(site.uuid)}`, { path: CONTROLLER_PROXY_PATH, transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(socket);
    const loggedIn = new Promise((resolve, reject) => {
      socket.once('login_loggedIn', resolve);
      socket.once('login_error', reject);
    });
    socket.emit('login_firebase', { firebaseToken: await firebaseIdToken(node, signedIn), type: 'portal' });
    await loggedIn;
    return socket;
  }

  const alarmChangedOn = (socket: Socket, alarmId: string) =>
    new Promise<number>((resolve) => {
      const listener = (payload: AlarmChanged) => {
        if (payload.alarmId !== alarmId) return;
        socket.off('alarm_changed', listener);
        resolve(Date.now());
      };
      socket.on('alarm_changed', listener);
    });

  it('an alarm raised and acknowledged through node A is pushed to a viewer socket on node B within 1 s', async () => {
    const viewer = await loggedInSocket(nodes.b, await signInDemo(nodes.b, 'user'));
    const raisedAt = Date.now();
    const raise = nodes.a.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'fan-out-test' });
    const alarm = await raise;
    const pushed = await alarmChangedOn(viewer, alarm.id);
    expect(pushed - raisedAt).toBeLessThan(1000);

    const admin = await signInDemo(nodes.a, 'admin');
    const acknowledged = alarmChangedOn(viewer, alarm.id);
    const sentAt = Date.now();
    const answer = await call(nodes.a, `/cloud/alarms/alarms/${alarm.id}/acknowledge`, { headers: bearer(admin.accessTokens['alarms.localhost']!), json: { comment: 'seen' } });
    expect(answer.status).toBe(200);
    expect((await acknowledged) - sentAt).toBeLessThan(1000);
  });

  it('a realtime-database write through node A reaches a listener on node B within 1 s', async () => {
    const uid = demoUid('user');
    const database = async (node: Cloud) => {
      const app = initializeApp({ apiKey: 'varde-local', projectId: 'varde', databaseURL: `ws://127.0.0.1:${node.port}?ns=${REALTIME_NAMESPACE}` }, `fan-out-${apps.length}`);
      apps.push(app);
      const auth = getAuth(app);
      connectAuthEmulator(auth, node.url, { disableWarnings: true });
      await signInWithCustomToken(auth, await mintCustomToken(node.context, uid, { sid: await sessionOf(node, uid) }));
      return getDatabase(app);
    };
    const onA = await database(nodes.a);
    const onB = await database(nodes.b);
    const path = `${realtimePaths.user(uid)}/language`;
    let heardAt = 0;
    const heard = new Promise<string>((resolve) => {
      onValue(ref(onB, path), (snapshot) => {
        if (snapshot.val() === 'se') {
          heardAt = Date.now();
          resolve(snapshot.val() as string);
        }
      });
    });
    const writtenAt = Date.now();
    await set(ref(onA, path), 'se');
    expect(await heard).toBe('se');
    expect(heardAt - writtenAt).toBeLessThan(1000);
  });

  it('logout on node A: node B refuses the token at once and closes its socket for that sign-in within 2 s', async () => {
    const signedIn = await signInDemo(nodes.a, 'guest');
    const socket = await loggedInSocket(nodes.b, signedIn);
    const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
    const sites = (node: Cloud) => call(node, '/cloud/controllers-api/controllers', { headers: bearer(signedIn.accessTokens['controllers-api.localhost']!) });
    expect((await sites(nodes.b)).status).toBe(200);
    const loggedOutAt = Date.now();
    expect((await call(nodes.a, '/cloud/auth/session/logout', { method: 'POST', headers: bearer(signedIn.accessTokens['auth.localhost']!) })).status).toBe(200);
    expect((await sites(nodes.b)).status).toBe(401);
    expect((await closed) - loggedOutAt).toBeLessThan(2000);
  });

  it('a node whose LISTEN connection is cut reconnects and still hears the other node', async () => {
    const viewer = await loggedInSocket(nodes.b, await signInDemo(nodes.b, 'user'));
    const admin = new pg.Client({ connectionString: nodes.url });
    await admin.connect();
    const listening = async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE application_name = $1', ['varde listen b'])).rowCount === 1;
    try {
      // Under load node B may still be opening its LISTEN connection (or reopening one an idle timeout ended).
      await eventually(listening, 5000, 'listening before the cut');
      const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', ['varde listen b']);
      expect(ended.rowCount).toBe(1);
      // Written while node B is not listening: it catches up from what changed since it lost the connection.
      const alarm = await nodes.a.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'missed-while-away' });
      await alarmChangedOn(viewer, alarm.id);
      await eventually(listening, 5000, 'listening again');
    } finally {
      await admin.end();
    }
  });
});
