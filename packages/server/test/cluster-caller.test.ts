import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn } from './helpers/http.js';
import { testEngine } from './helpers/startCloud.js';
import { startTwoNodes } from './helpers/twoNodes.js';

/**
 * Who calls is kept by each node (http/callerCache.ts) until PostgreSQL tells it that something it kept
 * changed: a revoked token, a revoked grant or a changed role made on node a holds on node b within a
 * second (issues 34 and 40), while node b keeps answering from what it kept until then. So are the
 * sites requests name (controllers/keptSites.ts).
 */

/** Asks `ask` again until it answers `wanted` (the notice from the other node is on its way), for a second at most. */
async function withinASecond(ask: () => Promise<number>, wanted: number): Promise<number> {
  const until = Date.now() + 1000;
  let status = await ask();
  while (status !== wanted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    status = await ask();
  }
  return status;
}
describe.runIf(testEngine() === 'postgres')('the caller on two nodes', () => {
  let nodes: NonNullable<Awaited<ReturnType<typeof startTwoNodes>>>;
  beforeAll(async () => {
    nodes = (await startTwoNodes())!;
  });
  afterAll(() => nodes?.close());

  it('a token revoked on node a is refused on node b within a second; a read-only one made on a reads on b and is refused writes there', async () => {
    const session = (await signIn(nodes.a, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['auth.localhost']!;
    const made = await call(nodes.a, '/cloud/auth/tokens', { headers: bearer(session), json: { name: 'cluster job' } });
    expect(made.status).toBe(201);
    // Three uses: from the second on, node b keeps the token's caller.
    for (let use = 0; use < 3; use += 1) expect((await call(nodes.b, '/cloud/alarms/alarms', { headers: bearer(made.body.token) })).status).toBe(200);

    const revoked = await call(nodes.a, `/cloud/auth/tokens/${made.body.id}`, { method: 'DELETE', headers: bearer(session) });
    expect(revoked.status).toBe(204);
    const after = await withinASecond(async () => (await call(nodes.b, '/cloud/alarms/alarms', { headers: bearer(made.body.token) })).status, 401);
    expect(after).toBe(401);

    // (Session tokens name their node's origin as issuer here; behind one load balancer the nodes share it.)
    const reader = await call(nodes.a, '/cloud/auth/tokens', { headers: bearer(session), json: { name: 'reader', scope: 'read' } });
    expect((await call(nodes.b, '/cloud/users/users', { headers: bearer(reader.body.token) })).status).toBe(200);
    const write = await call(nodes.b, '/cloud/users/users', {
      headers: bearer(reader.body.token),
      json: { username: 'x@varde.test', name: 'X', role: 'User' },
    });
    expect(write.status).toBe(403);
  });

  it('a site grant revoked on node a is gone on node b within a second', async () => {
    // Both nodes' tokens: a session token names its node's origin as issuer here.
    const admin = (await signIn(nodes.a, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['users.localhost']!;
    const user = (await signIn(nodes.b, demoUsers.user.email, demoUsers.user.password)).accessTokens['controllers-api.localhost']!;
    const sites = await call(nodes.b, '/cloud/controllers-api/controllers', { headers: bearer(user) });
    const site = sites.body.data[0].uuid as string;
    expect((await call(nodes.b, `/cloud/controllers-api/controllers/${site}`, { headers: bearer(user) })).status).toBe(200);
    const revoked = await call(nodes.a, `/cloud/users/users/${demoUid('user')}/sites/${site}`, { method: 'DELETE', headers: bearer(admin) });
    expect(revoked.status).toBe(200);
    const page = await withinASecond(async () => (await call(nodes.b, `/cloud/controllers-api/controllers/${site}`, { headers: bearer(user) })).status, 403);
    expect(page).toBe(403);
    const after = await call(nodes.b, '/cloud/controllers-api/controllers', { headers: bearer(user) });
    expect(after.body.data.map((item: { uuid: string }) => item.uuid)).not.toContain(site);
  });

  it("a site changed on node a shows on node b within a second, though b keeps the site's page", async () => {
    const sysadmin = (await signIn(nodes.a, demoUsers.systemAdmin.email, demoUsers.systemAdmin.password)).accessTokens['alarms.localhost']!;
    const admin = (await signIn(nodes.b, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['controllers-api.localhost']!;
    const site = (await call(nodes.b, '/cloud/controllers-api/controllers', { headers: bearer(admin) })).body.data[0].uuid as string;
    const ready = async () => {
      const answer = await call(nodes.b, `/cloud/controllers-api/controllers/${site}`, { headers: bearer(admin) });
      return answer.body.data.webpmpReady as boolean | null;
    };
    const connect = (webpmpReady: boolean | null) =>
      call(nodes.a, `/cloud/alarms/simulation/sites/${site}/connection`, { headers: bearer(sysadmin), json: { webpmpReady } });
    expect((await connect(true)).status).toBe(200);
    expect(await ready()).toBe(true);
    expect(await ready()).toBe(true);
    expect((await connect(false)).status).toBe(200);
    // The answer on node a came once every node had been sent the change, so node b shows it at once.
    expect(await ready()).toBe(false);
    expect((await connect(true)).status).toBe(200);
    expect(await ready()).toBe(true);
  });

  it('a role raised on node a holds on node b within a second', async () => {
    const admin = (await signIn(nodes.a, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['users.localhost']!;
    const power = (await signIn(nodes.b, demoUsers.powerUser.email, demoUsers.powerUser.password)).accessTokens['users.localhost']!;
    const serviceAccounts = async () => (await call(nodes.b, '/cloud/users/service-accounts', { headers: bearer(power) })).status;
    expect(await serviceAccounts()).toBe(403);
    expect(await serviceAccounts()).toBe(403);
    const raised = await call(nodes.a, `/cloud/users/users/${demoUid('powerUser')}`, { method: 'PATCH', headers: bearer(admin), json: { role: 'Admin' } });
    expect(raised.status).toBe(200);
    expect(await withinASecond(serviceAccounts, 200)).toBe(200);
  });
});
