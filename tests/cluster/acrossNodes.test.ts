import { request as httpRequest } from 'node:http';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import { getDatabase, onValue, ref, set, type Database } from 'firebase/database';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest';
import { REALTIME_NAMESPACE, controllerProxyNamespace, type SignedIn } from '@varde/core/contract';
import { startCluster, type Cluster, type ClusterNode } from '../../scripts/cluster/startCluster.mjs';
import { demoSites } from '../../packages/server/src/seed/demoSites.js';
import { demoUid } from '../../packages/server/src/seed/demoSeed.js';
import { demoUserList, demoUsers } from '../../packages/server/src/seed/demoUsers.js';
import { bearer, call, signIn } from '../../packages/server/test/helpers/http.js';
import { tokenFor } from '../../packages/server/test/helpers/siteTestKit.js';
import { firebaseIdToken, sql, until } from './clusterHelpers.js';

/**
 * Issue 24's must-show items that need two nodes on one database, each node asked directly (no nginx):
 * what one node does, the other knows at once. The two start together on an empty database; the last
 * test kills the leader.
 */

let cluster: Cluster;
let nodeA: ClusterNode;
let nodeB: ClusterNode;
const sockets: Socket[] = [];
const user = demoUsers.user;
const site = demoSites().slice(0, 10).find((item) => item.webpmpReady === true)!;
const PROXY_PATH = '/cloud/controller-proxy/socket.io';

beforeAll(async () => {
  // Both at once with --seed demo, on a database nobody has used yet (must-show 6).
  cluster = await startCluster({ nodes: 2, seedAll: true, simulation: 'off', nginx: false, postgresUrl: inject('clusterPostgresUrl') });
  [nodeA, nodeB] = cluster.nodes as [ClusterNode, ClusterNode];
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => cluster?.stop());

/** A socket on the site's controller-proxy namespace at `node`, logged in with the sign-in's realtime identity. */
async function siteSocket(node: ClusterNode, signedIn: SignedIn): Promise<Socket> {
  const socket = io(`${node.url}${controllerProxyNamespace(site.uuid)}`, { path: PROXY_PATH, transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const reply = new Promise<string>((resolve) => {
    socket.once('login_loggedIn', () => resolve('login_loggedIn'));
    socket.once('login_error', () => resolve('login_error'));
  });
  socket.emit('login_firebase', { firebaseToken: await firebaseIdToken(node, signedIn), type: 'portal' });
  expect(await reply).toBe('login_loggedIn');
  return socket;
}

test('6: two nodes started together on an empty database make one signing key and one demo seed, and both are ready', async () => {
  const count = async (table: string) => Number((await sql<{ n: string }>(cluster.databaseUrl, `SELECT count(*) AS n FROM ${table}`))[0]!.n);
  expect(await count('signing_keys')).toBe(1);
  expect(await count('sites')).toBe(demoSites().length);
  expect(await count('accounts')).toBe(demoUserList.length);
  for (const node of cluster.nodes) {
    expect(node.pid).not.toBeNull();
    expect((await call(node, '/cloud/ready')).status).toBe(200);
    expect((await call(node, '/cloud/health')).body).toMatchObject({ status: 'ok', node: `node-${node.index}`, database: 'up' });
  }
  // One key: a token node A signs, node B accepts.
  const signedIn = await signIn(nodeA, user.email, user.password);
  expect((await call(nodeB, '/cloud/alarms/alarms', { headers: bearer(tokenFor(signedIn, 'alarms')) })).status).toBe(200);
});

test('1: an alarm acknowledged through node A reaches a viewer on node B by its socket within 1 s', async () => {
  const admin = await signIn(nodeA, demoUsers.systemAdmin.email, demoUsers.systemAdmin.password);
  const signedIn = await signIn(nodeA, user.email, user.password);
  const viewer = await siteSocket(nodeB, signedIn);
  const raised = await call(nodeA, '/cloud/alarms/simulation/alarms', { headers: bearer(tokenFor(admin, 'alarms')), json: { siteUuid: site.uuid, alarmGroup: 'A', tagName: 'ACROSS-1' } });
  expect(raised.status).toBe(201);
  const alarmId = raised.body.data.id as string;

  const pushed = new Promise<number>((resolve) => {
    viewer.on('alarm_changed', (payload: { alarmId: string }) => {
      if (payload.alarmId === alarmId) resolve(performance.now());
    });
  });
  const askedAt = performance.now();
  const acked = await call(nodeA, `/cloud/alarms/alarms/${alarmId}/acknowledge`, { headers: bearer(tokenFor(signedIn, 'alarms')), json: { comment: 'across nodes' } });
  expect(acked.status).toBe(200);
  const arrivedAt = await Promise.race([pushed, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 3000))]);
  expect(arrivedAt - askedAt).toBeLessThan(1000);
});

const apps: FirebaseApp[] = [];
afterAll(async () => {
  for (const app of apps.splice(0)) await deleteApp(app);
});

/** The firebase SDK signed in on `node`'s realtime database, as the portal is. */
async function realtimeOn(node: ClusterNode, signedIn: SignedIn): Promise<Database> {
  const app = initializeApp({ apiKey: 'cluster-test', projectId: REALTIME_NAMESPACE, databaseURL: `ws://127.0.0.1:${node.port}?ns=${REALTIME_NAMESPACE}` }, `node-${node.index}-${apps.length}`);
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, node.url, { disableWarnings: true });
  await signInWithCustomToken(auth, signedIn.token);
  return getDatabase(app);
}

test('2: a realtime-database write on node A reaches a listener on node B within 1 s', async () => {
  const signedIn = await signIn(nodeA, user.email, user.password);
  const [onA, onB] = await Promise.all([realtimeOn(nodeA, signedIn), realtimeOn(nodeB, signedIn)]);
  const path = `users/${signedIn.uid}/timeZone`;
  await set(ref(onA, path), 'Europe/Oslo');
  let heardAt = Infinity;
  const heard = new Promise<void>((resolve) => {
    onValue(ref(onB, path), (snapshot) => {
      if (snapshot.val() === 'Europe/Stockholm') {
        heardAt = performance.now();
        resolve();
      }
    });
  });
  // The listener has its first value (Oslo) before the write that is timed.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const writtenAt = performance.now();
  await set(ref(onA, path), 'Europe/Stockholm');
  await Promise.race([heard, new Promise((resolve) => setTimeout(resolve, 3000))]);
  expect(heardAt - writtenAt).toBeLessThan(1000);
});

test('3: logout on node A: node B refuses the token within a second (at once but under load) and closes its socket for that sign-in', async () => {
  const signedIn = await signIn(nodeA, user.email, user.password);
  const alarms = bearer(tokenFor(signedIn, 'alarms'));
  // Twice: the second read is answered from node B's caller cache, which node A's notice must clear.
  expect((await call(nodeB, '/cloud/alarms/alarms', { headers: alarms })).status).toBe(200);
  expect((await call(nodeB, '/cloud/alarms/alarms', { headers: alarms })).status).toBe(200);
  const socket = await siteSocket(nodeB, signedIn);
  const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(performance.now())));

  const loggedOutAt = performance.now();
  const logout = await call(nodeA, '/cloud/auth/session/logout', { method: 'POST', headers: bearer(tokenFor(signedIn, 'auth')) });
  expect(logout.status).toBe(200);
  expect((await call(nodeA, '/cloud/alarms/alarms', { headers: alarms })).status).toBe(401);
  // The logout answers once node A has heard its own notice back (cluster/callerWritesHeard.ts); node B's
  // listener may still be a few milliseconds behind on a loaded machine, which issue 40 bounds by a second.
  let refused = await call(nodeB, '/cloud/alarms/alarms', { headers: alarms });
  while (refused.status === 200 && performance.now() - loggedOutAt < 1000) refused = await call(nodeB, '/cloud/alarms/alarms', { headers: alarms });
  expect(refused.status).toBe(401);
  expect(refused.body.detail).toBeTruthy();
  // The session's end is told to every node (LISTEN/NOTIFY), which rechecks its sockets at once.
  expect((await closed) - loggedOutAt).toBeLessThan(2000);
});

/** Wrong passwords for `name`, each to the next node of `nodes`, until a 429: how many were refused before it. */
async function refusalsBefore429(nodes: ClusterNode[], name: string): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await call(nodes[attempt % nodes.length]!, '/cloud/auth/login', { json: { piscadaId: name, password: 'not the password' } });
    if (answer.status === 429) {
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      return attempt;
    }
    expect(answer.status).toBe(401);
  }
  throw new Error(`no 429 for ${name} after 50 wrong passwords`);
}

test('4: wrong passwords for one name spread over both nodes are refused with 429 at the same count as on one node', async () => {
  const alone = await refusalsBefore429([nodeA], demoUsers.guest.email);
  const spread = await refusalsBefore429([nodeA, nodeB], demoUsers.viewer.email);
  expect(alone).toBeGreaterThan(0);
  expect(spread).toBe(alone);
});

/** A wrong-password sign-in to `node` from the loopback address `from` (127.0.0.x: another client). */
function wrongPasswordFrom(from: string, node: ClusterNode, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ piscadaId: name, password: 'not the password' });
    const request = httpRequest(`${node.url}/cloud/auth/login`, { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
    request.end(body);
  });
}

test('4: sign-in attempts from one client (any names) spread over both nodes meet 429 at the same count as on one node', async () => {
  // A new name each time, so the per-name throttle never speaks: this is the per-client limit. Each run
  // comes from an address of its own (127.0.0.2, 127.0.0.3), so the runs do not share a count.
  const attemptsBefore429 = async (from: string, nodes: ClusterNode[]) => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const status = await wrongPasswordFrom(from, nodes[attempt % nodes.length]!, `${from}-${attempt}@example.test`);
      if (status === 429) return attempt;
      expect(status).toBe(401);
    }
    return Infinity;
  };
  const alone = await attemptsBefore429('127.0.0.2', [nodeA]);
  const spread = await attemptsBefore429('127.0.0.3', [nodeA, nodeB]);
  expect(alone).toBeLessThan(300);
  expect(spread).toBe(alone);
});

test('7: a portal id issued on node A is redeemed on node B', async () => {
  const signedIn = await signIn(nodeA, user.email, user.password);
  const socket = await siteSocket(nodeA, signedIn);
  const portalId = await socket.timeout(5000).emitWithAck('loginToken_get', {});
  expect(typeof portalId).toBe('string');
  const frame = await fetch(`${nodeB.url}/cloud/controller-proxy/sites/${site.uuid}/?portalId=${encodeURIComponent(portalId as string)}`, { headers: { accept: 'text/html' } });
  expect(frame.status).toBe(200);
  expect(await frame.text()).toContain(site.name);
});

/** Must-show 5: a site of the admin's with a rule of the test's own. */
const ruleSite = demoSites()[0]!;
const RULE_ID = 'leader-failover';
const TAG = 'LEADER-FAILOVER';

/** The nodes that say they lead. */
async function leaders(nodes: ClusterNode[]): Promise<ClusterNode[]> {
  const healths = await Promise.all(nodes.map(async (node) => (await call(node, '/cloud/health')).body as { leader: boolean }));
  return nodes.filter((_, index) => healths[index]!.leader);
}

/** Asks `ask` again until it answers `wanted` (node A's notice is on its way to node B), for a second at most. */
async function withinASecond(ask: () => Promise<number>, wanted: number): Promise<number> {
  const until = performance.now() + 1000;
  let status = await ask();
  while (status !== wanted && performance.now() < until) status = await ask();
  return status;
}

test("issue 40: a site grant revoked and a role raised through node A hold on node B within a second, though B kept both callers", async () => {
  const admin = bearer(tokenFor(await signIn(nodeA, demoUsers.admin.email, demoUsers.admin.password), 'users'));
  const viewer = bearer(tokenFor(await signIn(nodeB, user.email, user.password), 'controllers-api'));
  const sitePage = async () => (await call(nodeB, `/cloud/controllers-api/controllers/${site.uuid}`, { headers: viewer })).status;
  // Twice: the second is answered from node B's caches (the caller and the site), which node A's notices must clear.
  expect(await sitePage()).toBe(200);
  expect(await sitePage()).toBe(200);
  const grant = `/cloud/users/users/${demoUid('user')}/sites/${site.uuid}`;
  expect((await call(nodeA, grant, { method: 'DELETE', headers: admin })).status).toBe(200);
  try {
    expect(await withinASecond(sitePage, 403)).toBe(403);
  } finally {
    expect((await call(nodeA, grant, { method: 'PUT', headers: admin })).status).toBe(200);
  }
  expect(await withinASecond(sitePage, 200)).toBe(200);

  const power = bearer(tokenFor(await signIn(nodeB, demoUsers.powerUser.email, demoUsers.powerUser.password), 'users'));
  const serviceAccounts = async () => (await call(nodeB, '/cloud/users/service-accounts', { headers: power })).status;
  expect(await serviceAccounts()).toBe(403);
  expect(await serviceAccounts()).toBe(403);
  const powerUser = `/cloud/users/users/${demoUid('powerUser')}`;
  expect((await call(nodeA, powerUser, { method: 'PATCH', headers: admin, json: { role: 'Admin' } })).status).toBe(200);
  try {
    expect(await withinASecond(serviceAccounts, 200)).toBe(200);
  } finally {
    expect((await call(nodeA, powerUser, { method: 'PATCH', headers: admin, json: { role: 'PowerUser' } })).status).toBe(200);
  }
});

test('5: the leader is SIGKILLed: the other node leads within 10 s, and a rule that comes due then sends one message', async () => {
  let leader: ClusterNode | undefined;
  await until(async () => (leader = (await leaders(cluster.nodes))[0]) !== undefined, 15_000, 'a leader');
  expect(await leaders(cluster.nodes)).toHaveLength(1);
  const survivor = cluster.nodes.find((node) => node !== leader)!;

  // A rule for the site: the admin, by e-mail, once an alarm has been active 5 minutes.
  const signedIn = await signIn(survivor, demoUsers.admin.email, demoUsers.admin.password);
  const rules = await call(survivor, `/cloud/controllers-api/controllers/${ruleSite.uuid}/notificationrules`, {
    headers: bearer(tokenFor(signedIn, 'controllers-api')),
    json: { rules: { [RULE_ID]: { ruleId: RULE_ID, channeltype: ['mail'], threshold: 5, users: [demoUid('admin')] } } },
  });
  expect(rules.status).toBe(200);
  const sysadmin = await signIn(survivor, demoUsers.systemAdmin.email, demoUsers.systemAdmin.password);
  const raised = await call(survivor, '/cloud/alarms/simulation/alarms', { headers: bearer(tokenFor(sysadmin, 'alarms')), json: { siteUuid: ruleSite.uuid, alarmGroup: 'A', tagName: TAG } });
  expect(raised.status).toBe(201);
  const alarmId = raised.body.data.id as string;

  const killedAt = Date.now();
  await leader!.kill('SIGKILL');
  await until(async () => (await leaders([survivor])).length === 1, 10_000, 'the survivor leads');
  expect(Date.now() - killedAt).toBeLessThan(10_000);

  // The alarm comes due now: as if it had been raised six minutes ago.
  await sql(cluster.databaseUrl, 'UPDATE alarms SET active_at = active_at - 360000 WHERE id = $1', [alarmId]);
  const messages = async () =>
    Number((await sql<{ n: string }>(cluster.databaseUrl, "SELECT count(*) AS n FROM outbox WHERE recipient = $1 AND body LIKE '%' || $2 || '%'", [demoUsers.admin.email, TAG]))[0]!.n);
  // The rule engine looks every 15 s.
  await until(async () => (await messages()) > 0, 40_000, 'the rule message', 250);
  // One more look of the engine's: still one.
  await new Promise((resolve) => setTimeout(resolve, 16_000));
  expect(await messages()).toBe(1);
  const delivered = await sql<{ outcome: string }>(cluster.databaseUrl, 'SELECT outcome FROM rule_delivery_log WHERE alarm_id = $1', [alarmId]);
  expect(delivered.map((row) => row.outcome)).toEqual(['sent']);
});
