import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoBuilding } from '../src/bim/ifc/demoBuilding.js';
import { DEMO_BIM_PROJECT_ID } from '../src/bim/bimProject.js';
import { BIM_CLIENT_ID } from '../src/bim/bimTokens.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** The third-party BIM service's reference implementation, over real HTTP. */
let cloud: Cloud;
let auth: Record<string, string>;
// The secret is server-only (random per start unless configured); this test configures one.
const DEMO_BIM_CLIENT = { clientId: BIM_CLIENT_ID, clientSecret: 'bim-service-test-secret' };
process.env.VARDE_BIM_CLIENT_SECRET = DEMO_BIM_CLIENT.clientSecret;
const project = `/cloud/bim/v2/projects/${DEMO_BIM_PROJECT_ID}`;
const ahu = demoBuilding().storeys[0]!.equipment[0]!;

function form(values: Record<string, string>) {
  return { body: new URLSearchParams(values).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

beforeAll(async () => {
  cloud = await startCloud({ simulation: 'paused' });
  const answer = await call(cloud, '/cloud/bim/oauth2/token', {
    method: 'POST',
    ...form({ grant_type: 'client_credentials', client_id: DEMO_BIM_CLIENT.clientId, client_secret: DEMO_BIM_CLIENT.clientSecret }),
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
  auth = bearer(answer.body.access_token);
});
afterAll(() => {
  delete process.env.VARDE_BIM_CLIENT_SECRET;
  return cloud.close();
});

describe('POST /cloud/graph/bim-service/token (the browser\'s BIM token, from the session)', () => {
  const path = '/cloud/graph/bim-service/token';
  test('a user with the bim module gets an access token the BIM service accepts', async () => {
    const session = await signIn(cloud, demoUsers.powerUser.email, demoUsers.powerUser.password);
    const graph = Object.entries(session.accessTokens).find(([host]) => host.startsWith('graph'))![1] as string;
    const answer = await call(cloud, path, { method: 'POST', headers: bearer(graph) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const models = await call(cloud, `${project}/models`, { headers: bearer(answer.body.access_token) });
    expect(models.status).toBe(200);
  });

  test('refused without a session (401) and without the bim module (403)', async () => {
    const anonymous = await call(cloud, path, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const session = await signIn(cloud, demoUsers.user.email, demoUsers.user.password);
    const graph = Object.entries(session.accessTokens).find(([host]) => host.startsWith('graph'))![1] as string;
    const answer = await call(cloud, path, { method: 'POST', headers: bearer(graph) });
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toMatch(/BIM/);
  });

  test('the old public demo secret no longer works', async () => {
    const answer = await call(cloud, '/cloud/bim/oauth2/token', {
      method: 'POST',
      ...form({ grant_type: 'client_credentials', client_id: BIM_CLIENT_ID, client_secret: 'varde-bim-demo-secret' }),
    });
    expect(answer.status).toBe(401);
  });
});

describe('POST /oauth2/token', () => {
  test('accepts HTTP Basic client credentials', async () => {
    const basic = Buffer.from(`${DEMO_BIM_CLIENT.clientId}:${DEMO_BIM_CLIENT.clientSecret}`).toString('base64');
    const answer = await call(cloud, '/cloud/bim/oauth2/token', {
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    });
    expect(answer.status).toBe(200);
    expect(typeof answer.body.access_token).toBe('string');
  });

  test('refuses a wrong secret, another grant type and missing credentials with a detail', async () => {
    const wrong = await call(cloud, '/cloud/bim/oauth2/token', { method: 'POST', ...form({ grant_type: 'client_credentials', client_id: 'varde-portal', client_secret: 'nope' }) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toMatch(/invalid_client/);
    const grant = await call(cloud, '/cloud/bim/oauth2/token', { method: 'POST', ...form({ grant_type: 'password' }) });
    expect(grant.status).toBe(400);
    expect(grant.body.detail).toMatch(/client_credentials/);
    const missing = await call(cloud, '/cloud/bim/oauth2/token', { method: 'POST', ...form({ grant_type: 'client_credentials' }) });
    expect(missing.status).toBe(400);
  });
});

describe('projects', () => {
  test('models and revisions need the access token', async () => {
    expect((await call(cloud, `${project}/models`)).status).toBe(401);
    expect((await call(cloud, `${project}/models`, { headers: bearer('made-up') })).status).toBe(401);
    const models = await call(cloud, `${project}/models`, { headers: auth });
    expect(models.status).toBe(200);
    expect(models.body.map((model: { name: string }) => model.name)).toEqual(['ARK Fjordheim', 'VVS Fjordheim']);
    expect((await call(cloud, '/cloud/bim/v2/projects/nope/models', { headers: auth })).status).toBe(404);
  });

  test('a viewer3d token for one model loads that model\'s IFC file, and only that one', async () => {
    const models = (await call(cloud, `${project}/models`, { headers: auth })).body as { id: string }[];
    const technical = models[1]!.id;
    const token = await call(cloud, `${project}/viewer3d/token`, { json: { models: [technical] }, headers: auth });
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ expiresIn: 3600, models: [technical] });
    const data = await call(cloud, new URL(token.body.url).pathname + new URL(token.body.url).search);
    expect(data.status).toBe(200);
    expect(data.body.kind).toBe('viewer3d');
    expect(data.body.models).toHaveLength(1);
    const ifcUrl = new URL(data.body.models[0].ifcUrl);
    const ifc = await call(cloud, ifcUrl.pathname + ifcUrl.search);
    expect(ifc.status).toBe(200);
    expect(ifc.headers.get('content-type')).toMatch(/application\/x-step/);
    expect(ifc.body).toContain(`IFCUNITARYEQUIPMENT('${ahu.globalId}'`);

    const revision = await call(cloud, `${project}/revisions/${data.body.models[0].revisionId}`, { headers: auth });
    expect(revision.body).toMatchObject({ version: 1, model: { id: technical }, processing: 'Complete' });
    // The other model's file is not covered by this viewer token.
    const [architecture] = models;
    const otherRevision = (await call(cloud, `${project}/viewer2d/token`, { json: {}, headers: auth })).body;
    const all = await call(cloud, `/cloud/bim/v2/projects/${DEMO_BIM_PROJECT_ID}/viewer2d/data?token=${otherRevision.token}`);
    const architectureRevision = all.body.models.find((model: { id: string }) => model.id === architecture!.id).revisionId;
    const refused = await call(cloud, `${project}/revisions/${architectureRevision}/ifc?token=${encodeURIComponent(token.body.token)}`);
    expect(refused.status).toBe(403);
    expect((await call(cloud, `${project}/revisions/${architectureRevision}/ifc`)).status).toBe(401);
  });

  test('viewer tokens refuse unknown models and need the access token', async () => {
    const unknown = await call(cloud, `${project}/viewer3d/token`, { json: { models: ['nope'] }, headers: auth });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('nope');
    expect((await call(cloud, `${project}/viewer2d/token`, { json: {} })).status).toBe(401);
    const noBody = await call(cloud, `${project}/viewer2d/token`, { method: 'POST', headers: auth });
    expect(noBody.status).toBe(200);
    expect(noBody.body.models).toHaveLength(2);
  });

  test('ifc/products finds products by GlobalId', async () => {
    const answer = await call(cloud, `${project}/ifc/products?GlobalId=${encodeURIComponent(ahu.globalId)}&GlobalId=0000000000000000000000`, {
      method: 'POST',
      headers: auth,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({
      ifcType: 'IfcUnitaryEquipment',
      storey: '1. etasje',
      attributes: { GlobalId: { value: ahu.globalId }, Name: { value: 'LA01' }, Tag: { value: ahu.tag } },
    });
    const missing = await call(cloud, `${project}/ifc/products`, { method: 'POST', headers: auth });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/GlobalId/);
  });
});

describe('core knows the reference project', () => {
  test('REFERENCE_BIM matches the server\'s demo project, client and building, and holds no secret', async () => {
    const { REFERENCE_BIM } = await import('../../core/src/bim/referenceBim.js');
    const { DEMO_BUILDING_NAME } = await import('../src/bim/ifc/demoBuilding.js');
    expect(REFERENCE_BIM).toEqual({
      projectId: DEMO_BIM_PROJECT_ID,
      clientId: BIM_CLIENT_ID,
      buildingName: DEMO_BUILDING_NAME,
    });
  });
});
