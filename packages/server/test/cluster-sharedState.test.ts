import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { controllerFramePath, controllerProxyNamespace } from '@varde/core/contract';
import { MAX_FAILURES } from '../src/auth/loginThrottle.js';
import { RATE_LIMITS } from '../src/auth/rateLimits.js';
import { BIM_CLIENT_ID, bimClientSecret } from '../src/bim/bimTokens.js';
import { DEMO_BIM_PROJECT_ID } from '../src/bim/bimProject.js';
import { CONTROLLER_PROXY_PATH } from '../src/proxy/controllerProxy.js';
import { demoSites } from '../src/seed/demoSites.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { bearer, call } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { firebaseIdToken, signInDemo } from './helpers/siteTestKit.js';
import { testEngine } from './helpers/startCloud.js';
import { startTwoNodes } from './helpers/twoNodes.js';

/**
 * What a node used to keep in its own memory, shared through the database: two nodes on one PostgreSQL
 * database (created together, as a cluster's are) must behave as one node would.
 */
describe.runIf(testEngine() === 'postgres')('two nodes share what one node would know', () => {
  let nodes: NonNullable<Awaited<ReturnType<typeof startTwoNodes>>>;
  // One frozen clock for both: stamps must still grow from one node's change to the other's.
  const clock = manualClock(Date.parse('2026-11-27T12:00:00Z'));
  beforeAll(async () => {
    nodes = (await startTwoNodes({ clock }))!;
  });
  afterAll(() => nodes?.close());

  it('wrong passwords spread over both nodes are refused with 429 at the same count as on one node', async () => {
    const email = demoUsers.guest.email;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= MAX_FAILURES; attempt += 1) {
      const node = attempt % 2 === 0 ? nodes.a : nodes.b;
      statuses.push((await call(node, '/cloud/auth/login', { json: { piscadaId: email, password: 'wrong password' } })).status);
    }
    expect(statuses).toEqual([...Array<number>(MAX_FAILURES).fill(401), 429]);
  });

  it('a request limit counts requests to both nodes together', async () => {
    const { max } = RATE_LIMITS.resetEmailsPerAddress;
    const statuses: number[] = [];
    for (let request = 0; request <= max; request += 1) {
      const node = request % 2 === 0 ? nodes.a : nodes.b;
      statuses.push((await call(node, '/cloud/auth/requestResetPassword', { json: { email: demoUsers.admin.email } })).status);
    }
    expect(statuses.slice(0, max).every((status) => status < 400)).toBe(true);
    expect(statuses[max]).toBe(429);
  });

  it('a portal id issued on node A opens the frame on node B', async () => {
    const site = demoSites().find((candidate, index) => index < 10 && candidate.webpmpReady === true)!;
    const user = await signInDemo(nodes.a, 'user');
    const idToken = await firebaseIdToken(nodes.a, user);
    const socket: Socket = io(`${nodes.a.url}${controllerProxyNamespace(site.uuid)}`, { path: CONTROLLER_PROXY_PATH, transports: ['websocket'], forceNew: true, reconnection: false });
    try {
      const loggedIn = new Promise((resolve) => socket.once('login_loggedIn', resolve));
      socket.emit('login_firebase', { firebaseToken: idToken, type: 'portal' });
      await loggedIn;
      const portalId = await new Promise<string>((resolve) => {
        socket.once('loginToken_loginToken', resolve);
        socket.emit('loginToken_get');
      });
      const frame = await fetch(`${nodes.b.url}/cloud/controller-proxy${controllerFramePath(site.uuid, portalId)}`);
      expect(frame.status).toBe(200);
      expect(await frame.text()).toContain(`<h1>${site.name}</h1>`);
    } finally {
      socket.disconnect();
    }
  });

  it('a BIM token from node A is good on node B, and both nodes have the same client secret', async () => {
    const secret = bimClientSecret(undefined, nodes.a.context.keys);
    expect(bimClientSecret(undefined, nodes.b.context.keys)).toBe(secret);
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: BIM_CLIENT_ID, client_secret: secret }).toString();
    const token = await call(nodes.a, '/cloud/bim/oauth2/token', { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(token.status).toBe(200);
    const models = await call(nodes.b, `/cloud/bim/v2/projects/${DEMO_BIM_PROJECT_ID}/models`, { headers: bearer(token.body.access_token) });
    expect(models.status).toBe(200);
    expect((await call(nodes.b, `/cloud/bim/v2/projects/${DEMO_BIM_PROJECT_ID}/models`, { headers: bearer('not-a-token') })).status).toBe(401);
  });

  it("a user created on node A and granted a site on node B: the grant reaches the manager's copy", async () => {
    const site = demoSites()[0]!.uuid;
    const users = async (node: typeof nodes.a, path: string, init: { method?: string; json?: unknown } = {}) =>
      call(node, `/cloud/users${path}`, { ...init, headers: bearer((await signInDemo(node, 'admin')).accessTokens['users.localhost']!) });
    // Node B has looked up managers before the user exists (as a node that served earlier requests has).
    expect((await users(nodes.b, '/users', { json: { username: 'first-on-b@example.test', name: 'Before', role: 'User' } })).status).toBe(201);
    const created = await users(nodes.a, '/users', { json: { username: 'made-on-a@example.test', name: 'Made on A', role: 'User' } });
    expect(created.status).toBe(201);
    const uid = created.body.uid as string;
    expect((await users(nodes.b, `/users/${uid}/sites/${site}`, { method: 'PUT' })).status).toBe(200);
    expect(await nodes.a.context.realtime.get(`/users/${demoUid('admin')}/adminUsers/${uid}/controllers`)).toEqual({ [site]: true });
  });

  it('alarm changes on either node get ever newer stamps, even at the same millisecond', async () => {
    const site = demoSites()[0]!;
    const stamps: number[] = [];
    for (const node of [nodes.a, nodes.b, nodes.a, nodes.b]) {
      const raised = await node.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: `stamp-test-${stamps.length}` });
      stamps.push(await node.context.alarms.latestChange(site.uuid));
      expect(raised.siteUuid).toBe(site.uuid);
    }
    expect([...stamps].sort((x, y) => x - y)).toEqual(stamps);
    expect(new Set(stamps).size).toBe(stamps.length);
  });
});
