import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName, type AccessTokens } from '@varde/core/contract';
import type { RegisteredRoute } from '../src/http/routeRegistry.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import { call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// Driven by the route registry: every token-protected route must declare its access (src/http/routeAccess.ts),
// and every route that names a resource is tried by Nordbygg's admin on Fjordvarme's resources.
let cloud: Cloud;
let victim: AccessTokens;
let attacker: AccessTokens;
const site = demoSites()[0]!.uuid; // Fjordvarme's (the demo admin's), not Nordbygg's
const fixture: Record<string, string> = {};

const tokenFor = (tokens: AccessTokens, service: string) => ({ authorization: `Bearer ${tokens[serviceHostName(service as never, 'localhost')]!}` });
const as = (tokens: AccessTokens, service: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  call(cloud, path, { ...init, headers: tokenFor(tokens, service) });

beforeAll(async () => {
  cloud = await startCloud();
  const sysadmin = (await signIn(cloud, 'sysadmin@varde.test', 'demo1234')).accessTokens;
  // Nordbygg's admin gets every module, so that what refuses them below is the partner check, not a module gate.
  for (const module of ['functions', 'apps', 'mlexplorer', 'bim', 'notifications', 'licensing']) {
    const granted = await as(sysadmin, 'users', `/cloud/users/users/${demoUid('partnerAdmin')}/modules/${module}`, { method: 'PUT' });
    expect(granted.status).toBe(200);
  }
  victim = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
  attacker = (await signIn(cloud, 'admin@nordbygg.test', 'demo1234')).accessTokens;

  const fn = await as(victim, 'faas-manager', '/cloud/faas-manager/v0/functions/fjord-secret', {
    method: 'POST', json: { description: 'Fjordvarme only', requirements: '', source: 'def main(request):\n    return "fjord"\n' },
  });
  expect(fn.status).toBe(201);
  fixture.function = 'fjord-secret';
  const mappings = (await as(victim, 'mappings-manager', '/cloud/mappings-manager/v0/mappings')).body;
  fixture.mapping = mappings[0].uuid;
  fixture.table = (await as(victim, 'mappings-manager', `/cloud/mappings-manager/v0/mapping-tables/${fixture.mapping}`)).body[0].uuid;
  const models = (await as(victim, 'anomaly', '/cloud/anomaly/v0/models')).body;
  const model = models.find((item: { versions: unknown[] }) => item.versions.length > 0);
  fixture.model = model.model_id;
  fixture.version = model.versions[0].version_id;
  const edges = (await as(victim, 'graph', '/cloud/graph/edges')).body;
  fixture.edge = edges[0].uuid;
  fixture.modelNode = edges[0].from_node.uuid;
  fixture.alarm = (await as(victim, 'alarms', `/cloud/alarms/alarms?site=${site}`)).body.data[0]?.id ?? '1';
  fixture.user = demoUid('powerUser');
  fixture.license = (await as(victim, 'licensing', '/cloud/licensing/partners/fjordvarme/licenses')).body.data[0]?.uid ?? 'none';
});
afterAll(() => cloud.close());

/** A path parameter filled with the victim's resource of that kind. */
function valueFor(route: RegisteredRoute, param: string): string {
  const byName: Record<string, string> = {
    controllerId: site, cid: site, tag: 'RT401', ruleId: 'rule-1', name: fixture.function!, partner: 'fjordvarme',
    mapping: fixture.mapping!, table: fixture.table!, model_id: fixture.model!, version_id: fixture.version!,
    a: fixture.model!, b: fixture.version!, c: 'violin_plot', runId: randomUUID(), key: 'sites',
  };
  if (param === 'id') {
    const owner = route.access?.owner;
    if (owner === 'managed-user') return fixture.user!;
    if (owner === 'alarm') return fixture.alarm!;
    if (route.url.includes('/licenses/')) return fixture.license!;
    return site;
  }
  if (param === 'uuid') {
    if (route.url.includes('/graph/edges')) return fixture.edge!;
    if (route.url.includes('/graph/nodes')) return fixture.modelNode!;
    if (route.url.includes('/mapping-tables/')) return fixture.table!;
    return fixture.mapping!;
  }
  if (param in byName) return byName[param]!;
  throw new Error(`${route.method} ${route.url}: no fixture for :${param} (add one to this test)`);
}

/** Bodies good enough to get past validation, so that what refuses is the owner check. */
function bodyFor(route: RegisteredRoute): unknown {
  const bodies: Record<string, unknown> = {
    'POST /cloud/controllers-api/controllers/:id/notificationrules': { rules: {} },
    'PATCH /cloud/users/users/:id': { name: 'Taken over' },
    'POST /cloud/users/users/:id/password': { password: 'taken-over-1' },
    'POST /cloud/api/v1/controllers/:cid/tags/:tag': { timestamp: Date.now(), dataType: 'number', value: 1 },
    'POST /cloud/api/runs/:runId/v1/controllers/:cid/tags/:tag': { timestamp: Date.now(), dataType: 'number', value: 1 },
    'POST /cloud/mappings-manager/v0/mapping-tables/:mapping/:uuid': { title: 'Taken', active: true, 'tag-mappings': [], parameters: [] },
    'PATCH /cloud/mappings-manager/v0/mapping-tables/:mapping/:uuid': { title: 'Taken' },
    'POST /cloud/anomaly/v0/models/:model_id': { name: 'taken', description: '', labels: {}, parameters: {} },
    'PATCH /cloud/anomaly/v0/models/:model_id': { description: 'taken' },
    'PATCH /cloud/anomaly/v0/models/:model_id/:version_id': { description: 'taken' },
    'POST /cloud/licensing/archiveLicense': { partner: 'fjordvarme', uid: fixture.license },
    'POST /cloud/alarms/simulation/alarms': { siteUuid: site, alarmGroup: 'A', tagName: 'RT401' },
    'POST /cloud/alarms/simulation/sites': { name: 'Taken' },
    'PUT /cloud/alarms/simulation': { running: true },
    'POST /cloud/alarms/simulation/step': { steps: 1 },
    'POST /cloud/alarms/simulation/sites/:id/connection': { webpmpReady: false },
  };
  return bodies[`${route.method} ${route.url}`] ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
}

const protectedRoutes = () =>
  cloud.context.routes.filter((route) => route.service !== null && !route.public && route.method !== 'HEAD');

describe('every token-protected route', () => {
  it('declares who may call it and what it touches', () => {
    const undeclared = protectedRoutes().filter((route) => !route.access).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it("refuses another partner's admin on every resource it names", async () => {
    const allowed: string[] = [];
    for (const route of protectedRoutes()) {
      const { owner, param } = route.access!;
      if (owner === 'caller' || owner === 'caller-scoped') continue; // below
      if (owner === 'licensing-partner' && !param) continue; // body-named partner: licensing's own tests
      const query = route.url === '/cloud/metadata/v0/tags'
        ? `?controller-uuid=${site}&name=RT401`
        : { timeseries: '?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z', value: '?ts=2026-01-01T00:00:00Z' }[route.url.split('/')[4] ?? ''] ?? '';
      const path = route.url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(valueFor(route, name))) + query;
      const body = bodyFor(route);
      const answer = await as(attacker, route.service!, path, { method: route.method, ...(body === undefined ? {} : { json: body }) });
      if (![403, 404].includes(answer.status)) allowed.push(`${route.method} ${path} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
      else expect(answer.body.detail, `${route.method} ${route.url}`).toEqual(expect.any(String));
    }
    expect(allowed).toEqual([]);
  });

  it("lists none of another partner's things", async () => {
    const secrets = [fixture.function!, fixture.mapping!, fixture.model!, fixture.modelNode!, fixture.edge!, site, 'power@varde.test'];
    for (const route of protectedRoutes().filter((item) => item.method === 'GET' && item.access!.owner === 'caller-scoped')) {
      const answer = await as(attacker, route.service!, route.url);
      const text = JSON.stringify(answer.body);
      for (const secret of secrets) expect(text, `${route.url} shows ${secret}`).not.toContain(secret);
    }
  });

  it("keeps a partner's functions its own: the same name saved by another partner is theirs alone", async () => {
    const path = `/cloud/faas-manager/v0/functions/${fixture.function}`;
    const theirs = await as(attacker, 'faas-manager', path, {
      method: 'POST', json: { description: 'Nordbygg', requirements: '', source: 'def main(request):\n    return "nord"\n' },
    });
    expect(theirs.status).toBe(201);
    const run = await as(victim, 'faas-manager', `${path}/run`, { method: 'POST', json: {} });
    expect(run.body.result).toBe('fjord');
    const original = await as(victim, 'faas-manager', path);
    expect(original.body).toMatchObject({ version: 1, description: 'Fjordvarme only' });
  });

  it("refuses to write into another partner's graph and ML models", async () => {
    const nodes = (await as(victim, 'graph', `/cloud/graph/nodes?uuid=${fixture.modelNode}`)).body;
    const taken = await as(attacker, 'graph', '/cloud/graph/nodes', { method: 'POST', json: nodes });
    expect(taken.status).toBe(409);
    const model = await as(attacker, 'anomaly', '/cloud/anomaly/v0/models', {
      method: 'POST', json: { name: 'spy', description: '', tags: [{ controller: site, tag: 'RT401' }], labels: {}, parameters: {} },
    });
    expect(model.status).toBe(403);
  });

  it("makes a new user work for their creator's partner", async () => {
    const created = await as(victim, 'users', '/cloud/users/users', {
      method: 'POST', json: { username: 'new@fjordvarme.test', name: 'Ny Bruker', role: 'User', password: 'new-user-1', moduleAccesses: { functions: true } },
    });
    expect(created.status).toBe(201);
    const newcomer = (await signIn(cloud, 'new@fjordvarme.test', 'new-user-1')).accessTokens;
    const listed = (await as(newcomer, 'faas-manager', '/cloud/faas-manager/v0/functions')).body;
    expect(listed.map((fn: { name: string }) => fn.name)).toContain(fixture.function);
  });

  it("leaves every attacked resource as it was", async () => {
    expect((await as(victim, 'faas-manager', `/cloud/faas-manager/v0/functions/${fixture.function}`)).status).toBe(200);
    const tables = (await as(victim, 'mappings-manager', `/cloud/mappings-manager/v0/mapping-tables/${fixture.mapping}`)).body;
    expect(tables.map((table: { title: string }) => table.title)).not.toContain('Taken');
    expect((await as(victim, 'anomaly', `/cloud/anomaly/v0/models/${fixture.model}/${fixture.version}`)).status).toBe(200);
    expect((await as(victim, 'graph', `/cloud/graph/edges?uuid=${fixture.edge}`)).body).toHaveLength(1);
    expect((await as(victim, 'users', `/cloud/users/users/${fixture.user}`)).body.name).not.toBe('Taken over');
  });
});
