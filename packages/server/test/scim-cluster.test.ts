import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn } from './helpers/http.js';
import { makeConnection, scim } from './helpers/scim.js';
import { testEngine } from './helpers/startCloud.js';
import { startTwoNodes } from './helpers/twoNodes.js';

/**
 * A leaver on two nodes (issue 36): the directory deactivates a person through node a, and their session
 * and access token stop working on node b within a second; reactivation through node a lets them sign in
 * on node b again. A connection rotated or revoked on node a is refused on node b within a second, though
 * node b kept it (http/keptRows.ts).
 */
async function withinASecond(ask: () => Promise<number>, wanted: number): Promise<number> {
  const until = Date.now() + 1000;
  let status = await ask();
  while (status !== wanted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    status = await ask();
  }
  return status;
}

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describe.runIf(testEngine() === 'postgres')('a directory leaver on two nodes', () => {
  let nodes: NonNullable<Awaited<ReturnType<typeof startTwoNodes>>>;
  beforeAll(async () => {
    nodes = (await startTwoNodes())!;
  });
  afterAll(() => nodes?.close());

  it("deactivated through node a: the session and access token are refused on node b within a second; reactivated, sign-in works there", async () => {
    const connection = await makeConnection(nodes.a, demoUsers.admin, 'Entra ID');
    const onA = scim(nodes.a, connection.token);
    const created = await onA('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'leaver@fm-firma.test',
      name: { givenName: 'Lea', familyName: 'Ver' },
      password: 'leaver-passord-1',
      active: true,
    });
    expect(created.status).toBe(201);

    const session = await signIn(nodes.b, 'leaver@fm-firma.test', 'leaver-passord-1');
    const sites = session.accessTokens['controllers-api.localhost']!;
    const pat = await call(nodes.b, '/cloud/auth/tokens', { json: { name: 'leaver job' }, headers: bearer(session.accessTokens['auth.localhost']!) });
    expect(pat.status).toBe(201);
    // Used a few times on node b, so that node b has kept who calls.
    for (let use = 0; use < 3; use += 1) {
      expect((await call(nodes.b, '/cloud/controllers-api/controllers', { headers: bearer(sites) })).status).toBe(200);
      expect((await call(nodes.b, '/cloud/alarms/alarms', { headers: bearer(pat.body.token) })).status).toBe(200);
    }

    const off = await onA('PATCH', `/Users/${created.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.status).toBe(200);
    expect(await withinASecond(async () => (await call(nodes.b, '/cloud/controllers-api/controllers', { headers: bearer(sites) })).status, 401)).toBe(401);
    expect(await withinASecond(async () => (await call(nodes.b, '/cloud/alarms/alarms', { headers: bearer(pat.body.token) })).status, 401)).toBe(401);
    const refused = await call(nodes.b, '/cloud/auth/login', { json: { piscadaId: 'leaver@fm-firma.test', password: 'leaver-passord-1' } });
    expect(refused.status).toBe(401);

    const on = await onA('PATCH', `/Users/${created.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.body.active).toBe(true);
    const again = await signIn(nodes.b, 'leaver@fm-firma.test', 'leaver-passord-1');
    expect((await call(nodes.b, '/cloud/controllers-api/controllers', { headers: bearer(again.accessTokens['controllers-api.localhost']!) })).status).toBe(200);
  });

  it('a connection rotated, then revoked on node a is refused on node b within a second, though node b kept it', async () => {
    const connection = await makeConnection(nodes.a, demoUsers.admin, 'Okta');
    const admin = (await signIn(nodes.a, demoUsers.admin.email, demoUsers.admin.password)).accessTokens['users.localhost']!;
    const path = `/cloud/users/directory/connections/${connection.connection.id}`;
    const askB = (token: string) => async () => (await scim(nodes.b, token)('GET', '/Users')).status;
    // Twice on node b: the second answer comes from the connection it kept.
    for (let use = 0; use < 2; use += 1) expect(await askB(connection.token)()).toBe(200);

    const rotated = await call(nodes.a, `${path}/rotate`, { method: 'POST', headers: bearer(admin) });
    expect(rotated.status).toBe(200);
    expect(await withinASecond(askB(connection.token), 401)).toBe(401);
    for (let use = 0; use < 2; use += 1) expect(await askB(rotated.body.token)()).toBe(200);

    expect((await call(nodes.a, path, { method: 'DELETE', headers: bearer(admin) })).status).toBe(204);
    expect(await withinASecond(askB(rotated.body.token), 401)).toBe(401);
  });
});
