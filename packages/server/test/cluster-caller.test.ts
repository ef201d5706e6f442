import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn } from './helpers/http.js';
import { testEngine } from './helpers/startCloud.js';
import { startTwoNodes } from './helpers/twoNodes.js';

/**
 * Who calls is read afresh with every request (the token, the account's role and the profile's grants,
 * one statement for a session), so there is no per-node copy to go stale: a revoked token or grant holds
 * on the other node at its next request (issues 34 and 40: within a second).
 */
describe.runIf(testEngine() === 'postgres')('the caller on two nodes', () => {
  let nodes: NonNullable<Awaited<ReturnType<typeof startTwoNodes>>>;
  beforeAll(async () => {
    nodes = (await startTwoNodes())!;
  });
  afterAll(() => nodes?.close());

  it('a token revoked on node a is refused on node b at once; a read-only one made on a reads on b and is refused writes there', async () => {
    const session = (await signIn(nodes.a, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['auth.localhost']!;
    const made = await call(nodes.a, '/cloud/auth/tokens', { headers: bearer(session), json: { name: 'cluster job' } });
    expect(made.status).toBe(201);
    expect((await call(nodes.b, '/cloud/alarms/alarms', { headers: bearer(made.body.token) })).status).toBe(200);

    const revoked = await call(nodes.a, `/cloud/auth/tokens/${made.body.id}`, { method: 'DELETE', headers: bearer(session) });
    expect(revoked.status).toBe(204);
    // The very next request on b: nothing to wait for.
    const after = await call(nodes.b, '/cloud/alarms/alarms', { headers: bearer(made.body.token) });
    expect(after.status).toBe(401);

    // (Session tokens name their node's origin as issuer here; behind one load balancer the nodes share it.)
    const reader = await call(nodes.a, '/cloud/auth/tokens', { headers: bearer(session), json: { name: 'reader', scope: 'read' } });
    expect((await call(nodes.b, '/cloud/users/users', { headers: bearer(reader.body.token) })).status).toBe(200);
    const write = await call(nodes.b, '/cloud/users/users', {
      headers: bearer(reader.body.token),
      json: { username: 'x@varde.test', name: 'X', role: 'User' },
    });
    expect(write.status).toBe(403);
  });

  it("a site grant revoked on node a is gone on node b at the user's next request", async () => {
    // Both nodes' tokens: a session token names its node's origin as issuer here.
    const admin = (await signIn(nodes.a, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['users.localhost']!;
    const user = (await signIn(nodes.b, demoUsers.user.email, demoUsers.user.password)).accessTokens['controllers-api.localhost']!;
    const sites = await call(nodes.b, '/cloud/controllers-api/controllers', { headers: bearer(user) });
    const site = sites.body.data[0].uuid as string;
    expect((await call(nodes.b, `/cloud/controllers-api/controllers/${site}`, { headers: bearer(user) })).status).toBe(200);
    const revoked = await call(nodes.a, `/cloud/users/users/${demoUid('user')}/sites/${site}`, { method: 'DELETE', headers: bearer(admin) });
    expect(revoked.status).toBe(200);
    expect((await call(nodes.b, `/cloud/controllers-api/controllers/${site}`, { headers: bearer(user) })).status).toBe(403);
    const after = await call(nodes.b, '/cloud/controllers-api/controllers', { headers: bearer(user) });
    expect(after.body.data.map((item: { uuid: string }) => item.uuid)).not.toContain(site);
  });
});
