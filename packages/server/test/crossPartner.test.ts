import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName, type AccessTokens } from '@varde/core/contract';
import type { RegisteredRoute } from '../src/http/routeRegistry.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import {
  listQueryFor, namedInRequest, pathBodyFor, pathQueryFor, pathValueFor, type AttackRequest, type VictimThings,
} from './helpers/crossPartnerRequests.js';
import { call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// Driven by the route registry: every token-protected route must declare its access (src/http/routeAccess.ts),
// and every route that names a resource (in its path, or in its body or query) is tried by Nordbygg's admin on
// Fjordvarme's real resources. A route that cannot be attacked that way must be exempted below, with why.
let cloud: Cloud;
let victimTokens: AccessTokens;
let attacker: AccessTokens;
let victim: VictimThings;
const site = demoSites()[0]!.uuid; // Fjordvarme's (the demo admin's), not Nordbygg's

/** Protected routes the attack cannot try, each with why; a new route that names nothing must be added here. */
const exempt: Record<string, string> = {
  'POST /cloud/auth/tokens': "makes a token for the caller's own account and names nothing (personalTokens.test.ts)",
  'POST /cloud/faas-manager/v0/functions/:name': "saves a function of the caller's own partner; the same name of another's is never reached (tested below)",
  'POST /cloud/csv2edges/csv2edges': 'converts the posted CSV and stores nothing; saving the edges is POST /cloud/graph/edges, attacked',
  'POST /cloud/graph/bim-service/token': "names nothing: a viewer token for the caller's own partner's BIM project",
  'POST /cloud/alarms/oncall/schedules': "makes a schedule of the caller's own partner; another partner's user or site in it is refused with 400 naming the field (oncall-schedules.test.ts)",
  'POST /cloud/alarms/oncall/feed': "names nothing: renews the caller's own calendar-feed secret",
  'DELETE /cloud/alarms/oncall/feed': "names nothing: revokes the caller's own calendar-feed secret",
  'POST /cloud/users/directory/connections': "makes a directory connection for the caller's own partner and names nothing (scim-access.test.ts)",
  'POST /cloud/alarms/oncall/schedules/check': "checks a schedule for the caller's own partner and stores nothing; another partner's user or site in it is refused with 400 naming the field (cli schedules-apply.test.ts)",
  'POST /cloud/alarms/escalations/policies/check': "checks a policy for the caller's own partner and stores nothing; another partner's user, schedule or site in it is refused with 400 naming the field (cli schedules-apply.test.ts)",
  'POST /cloud/alarms/escalations/policies': "makes a policy of the caller's own partner; another partner's user, schedule or site in it is refused with 400 naming the field (escalations.test.ts)",
};

const tokenFor = (tokens: AccessTokens, service: string) => ({ authorization: `Bearer ${tokens[serviceHostName(service as never, 'localhost')]!}` });
const as = (tokens: AccessTokens, service: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  call(cloud, path, { ...init, headers: tokenFor(tokens, service) });
const keyOf = (route: RegisteredRoute) => `${route.method} ${route.url}`;

/** The first item or a failure naming what the demo seed lacks (a fallback id would attack nothing real). */
function first(items: any[] | undefined, what: string): any {
  if (!items?.[0]) throw new Error(`the demo seed has no ${what} of Fjordvarme's to attack`);
  return items[0];
}

beforeAll(async () => {
  cloud = await startCloud();
  const sysadmin = (await signIn(cloud, 'sysadmin@varde.test', 'demo1234')).accessTokens;
  // Nordbygg's admin gets every module, so that what refuses them below is the partner check, not a module gate.
  for (const module of ['functions', 'apps', 'mlexplorer', 'bim', 'notifications', 'licensing']) {
    const granted = await as(sysadmin, 'users', `/cloud/users/users/${demoUid('partnerAdmin')}/modules/${module}`, { method: 'PUT' });
    expect(granted.status).toBe(200);
  }
  victimTokens = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
  attacker = (await signIn(cloud, 'admin@nordbygg.test', 'demo1234')).accessTokens;
  const read = async (service: string, path: string) => (await as(victimTokens, service, path)).body;

  const fn = await as(victimTokens, 'faas-manager', '/cloud/faas-manager/v0/functions/fjord-secret', {
    method: 'POST', json: { description: 'Fjordvarme only', requirements: '', source: 'def main(request):\n    return "fjord"\n' },
  });
  expect(fn.status).toBe(201);
  const mapping = first(await read('mappings-manager', '/cloud/mappings-manager/v0/mappings'), 'mapping').uuid;
  const model = first((await read('anomaly', '/cloud/anomaly/v0/models')).filter((item: { versions: unknown[] }) => item.versions.length > 0), 'model');
  const edge = first(await read('graph', '/cloud/graph/edges'), 'graph edge');
  victim = {
    site,
    user: demoUid('powerUser'),
    alarm: first((await read('alarms', `/cloud/alarms/alarms?site=${site}`)).data, 'alarm').id,
    license: first((await read('licensing', '/cloud/licensing/partners/fjordvarme/licenses')).data, 'licence').licenseInfo.id,
    function: 'fjord-secret',
    mapping,
    table: first(await read('mappings-manager', `/cloud/mappings-manager/v0/mapping-tables/${mapping}`), 'mapping table').uuid,
    model: model.model_id,
    version: model.versions[0].version_id,
    edge: edge.uuid,
    modelNode: edge.from_node.uuid,
    tagNode: edge.to_node,
    run: cloud.context.writeApi.runs.begin(demoUid('admin')),
    schedule: first((await read('alarms', '/cloud/alarms/oncall/schedules')).data, 'on-call schedule').id,
    policy: first((await read('alarms', '/cloud/alarms/escalations/policies')).data, 'escalation policy').id,
    ...(await victimCredentials()),
  };
});
afterAll(() => cloud.close());

/** A personal token of the victim admin's, and a service account of Fjordvarme's with a token. */
async function victimCredentials() {
  const personal = await as(victimTokens, 'auth', '/cloud/auth/tokens', { method: 'POST', json: { name: 'victim job' } });
  const account = await as(victimTokens, 'users', '/cloud/users/service-accounts', { method: 'POST', json: { name: 'Victim sync', role: 'User' } });
  const token = await as(victimTokens, 'users', `/cloud/users/service-accounts/${account.body.uid}/tokens`, { method: 'POST', json: { name: 'victim cron' } });
  expect([personal.status, account.status, token.status]).toEqual([201, 201, 201]);
  const connection = await as(victimTokens, 'users', '/cloud/users/directory/connections', { method: 'POST', json: { name: 'Victim directory' } });
  const group = await call(cloud, '/scim/v2/Groups', {
    json: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Victim group' },
    headers: { authorization: `Bearer ${connection.body.token}` },
  });
  expect([connection.status, group.status]).toEqual([201, 201]);
  return {
    personalToken: personal.body.id as string,
    serviceAccount: account.body.uid as string,
    serviceAccountToken: token.body.id as string,
    directoryConnection: connection.body.connection.id as string,
    directoryGroup: group.body.id as string,
  };
}

const protectedRoutes = () =>
  cloud.context.routes.filter((route) => route.service !== null && !route.public && route.method !== 'HEAD');
const namesInPath = (route: RegisteredRoute) => route.url.includes('/:');
/** Reads of the caller's own lists or account, which the listing test checks for the victim's things. */
const isOwnList = (route: RegisteredRoute) =>
  route.method === 'GET' && !namesInPath(route) && (route.access!.owner === 'caller' || route.access!.owner === 'caller-scoped');

/** The attacking request for a route, or undefined when the route is exempt or a list. */
function attackOn(route: RegisteredRoute): { path: string; request: AttackRequest } | undefined {
  if (keyOf(route) in exempt || isOwnList(route)) return undefined;
  if (namesInPath(route) || route.access!.owner === 'system-admin') {
    const path = route.url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(pathValueFor(route, name, victim)));
    return { path, request: { query: pathQueryFor(route), body: pathBodyFor(route, victim) } };
  }
  const request = namedInRequest(victim)[keyOf(route)];
  return request ? { path: route.url, request } : undefined;
}

describe('every token-protected route', () => {
  it('declares who may call it and what it touches', () => {
    const undeclared = protectedRoutes().filter((route) => !route.access).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('attacks every route, or lists it, or exempts it with a reason', () => {
    const unattacked = protectedRoutes().filter((route) => !(keyOf(route) in exempt) && !isOwnList(route) && !attackOn(route));
    expect(unattacked.map(keyOf), 'name the victim\'s thing in helpers/crossPartnerRequests.ts namedInRequest, or exempt it here').toEqual([]);
    const stale = [...Object.keys(exempt), ...Object.keys(namedInRequest(victim))]
      .filter((key) => !protectedRoutes().some((route) => keyOf(route) === key));
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
  });

  it("refuses another partner's admin on every resource it names, with a detail", async () => {
    const allowed: string[] = [];
    for (const route of protectedRoutes()) {
      const attack = attackOn(route);
      if (!attack) continue;
      const { query = '', body } = attack.request;
      const answer = await as(attacker, route.service!, attack.path + query, { method: route.method, ...(body === undefined ? {} : { json: body }) });
      const refused = [403, 404].includes(answer.status) && typeof answer.body?.detail === 'string';
      if (!refused) allowed.push(`${route.method} ${attack.path}${query} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
    }
    expect(allowed).toEqual([]);
  });

  it("lists none of another partner's things, also when a filter names them", async () => {
    const secrets = [victim.function, victim.mapping, victim.model, victim.modelNode, victim.tagNode.uuid, victim.edge, site, victim.license, 'power@varde.test'];
    for (const route of protectedRoutes().filter(isOwnList)) {
      for (const query of new Set(['', listQueryFor(route, victim)])) {
        const answer = await as(attacker, route.service!, route.url + query);
        expect(answer.status, `${route.url}${query}`).toBeLessThan(500);
        const text = JSON.stringify(answer.body);
        for (const secret of secrets) expect(text, `${route.url}${query} shows ${secret}`).not.toContain(secret);
      }
    }
  });

  it("keeps a partner's functions its own: the same name saved by another partner is theirs alone", async () => {
    const path = `/cloud/faas-manager/v0/functions/${victim.function}`;
    const theirs = await as(attacker, 'faas-manager', path, {
      method: 'POST', json: { description: 'Nordbygg', requirements: '', source: 'def main(request):\n    return "nord"\n' },
    });
    expect(theirs.status).toBe(201);
    const run = await as(victimTokens, 'faas-manager', `${path}/run`, { method: 'POST', json: {} });
    expect(run.body.result).toBe('fjord');
    const original = await as(victimTokens, 'faas-manager', path);
    expect(original.body).toMatchObject({ version: 1, description: 'Fjordvarme only' });
  });

  it("refuses to take over another partner's model node (its id derives from content, so it answers taken)", async () => {
    const nodes = (await as(victimTokens, 'graph', `/cloud/graph/nodes?uuid=${victim.modelNode}`)).body;
    const taken = await as(attacker, 'graph', '/cloud/graph/nodes', { method: 'POST', json: nodes });
    expect(taken.status).toBe(409);
  });

  it("makes a new user work for their creator's partner", async () => {
    const created = await as(victimTokens, 'users', '/cloud/users/users', {
      method: 'POST', json: { username: 'new@fjordvarme.test', name: 'Ny Bruker', role: 'User', password: 'new-user-1', moduleAccesses: { functions: true } },
    });
    expect(created.status).toBe(201);
    const newcomer = (await signIn(cloud, 'new@fjordvarme.test', 'new-user-1')).accessTokens;
    const listed = (await as(newcomer, 'faas-manager', '/cloud/faas-manager/v0/functions')).body;
    expect(listed.map((fn: { name: string }) => fn.name)).toContain(victim.function);
  });

  it("leaves every attacked resource as it was", async () => {
    expect((await as(victimTokens, 'faas-manager', `/cloud/faas-manager/v0/functions/${victim.function}`)).status).toBe(200);
    const tables = (await as(victimTokens, 'mappings-manager', `/cloud/mappings-manager/v0/mapping-tables/${victim.mapping}`)).body;
    expect(tables.map((table: { title: string }) => table.title)).not.toContain('Taken');
    expect((await as(victimTokens, 'anomaly', `/cloud/anomaly/v0/models/${victim.model}/${victim.version}`)).status).toBe(200);
    expect((await as(victimTokens, 'graph', `/cloud/graph/edges?uuid=${victim.edge}`)).body).toHaveLength(1);
    expect((await as(victimTokens, 'users', `/cloud/users/users/${victim.user}`)).body.name).not.toBe('Taken over');
    const licence = await as(victimTokens, 'licensing', `/cloud/licensing/partners/fjordvarme/licenses/${victim.license}`);
    expect(licence.body.state).toBe('active');
    const alarm = (await as(victimTokens, 'alarms', `/cloud/alarms/alarms/${victim.alarm}/history`)).body;
    expect(JSON.stringify(alarm)).not.toContain('taken');
    const connections = (await as(victimTokens, 'users', '/cloud/users/directory/connections')).body.data;
    expect(connections.find((item: { id: string }) => item.id === victim.directoryConnection)).toMatchObject({ revokedAt: null, rotatedAt: null });
    const groups = (await as(victimTokens, 'users', '/cloud/users/directory/groups')).body.data;
    expect(groups.find((item: { id: string }) => item.id === victim.directoryGroup)).toMatchObject({ role: null });
  });
});
