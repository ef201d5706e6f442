import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest';
import { controllerProxyNamespace, type SignedIn } from '@varde/core/contract';
import { startCluster, type Cluster, type ClusterNode } from '../../scripts/cluster/startCluster.mjs';
import { demoSites } from '../../packages/server/src/seed/demoSites.js';
import { demoUserList, demoUsers } from '../../packages/server/src/seed/demoUsers.js';
import { bearer, call, signIn } from '../../packages/server/test/helpers/http.js';
import { tokenFor } from '../../packages/server/test/helpers/siteTestKit.js';
import { firebaseIdToken, sql } from './clusterHelpers.js';

/**
 * Issue 24's must-show items that need two nodes on one database, each node asked directly (no nginx):
 * what one node does, the other knows at once. The two start together on an empty database.
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

test('3: logout on node A: node B refuses the token at once and closes its socket for that sign-in', async () => {
  const signedIn = await signIn(nodeA, user.email, user.password);
  const alarms = bearer(tokenFor(signedIn, 'alarms'));
  expect((await call(nodeB, '/cloud/alarms/alarms', { headers: alarms })).status).toBe(200);
  const socket = await siteSocket(nodeB, signedIn);
  const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(performance.now())));

  const loggedOutAt = performance.now();
  const logout = await call(nodeA, '/cloud/auth/session/logout', { method: 'POST', headers: bearer(tokenFor(signedIn, 'auth')) });
  expect(logout.status).toBe(200);
  const refused = await call(nodeB, '/cloud/alarms/alarms', { headers: alarms });
  expect(refused.status).toBe(401);
  expect(refused.body.detail).toBeTruthy();
  // Sockets are rechecked every 2 s (AUTH_RECHECK_MS); the margin is the recheck's own round trips
  // on a loaded machine.
  expect((await closed) - loggedOutAt).toBeLessThan(2500);
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
