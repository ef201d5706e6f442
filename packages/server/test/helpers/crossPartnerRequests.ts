import type { RegisteredRoute } from '../../src/http/routeRegistry.js';

/** Real things of the victim's partner (Fjordvarme), read from the demo seed or made by the test. */
export interface VictimThings {
  site: string;
  user: string;
  alarm: string;
  license: string;
  function: string;
  mapping: string;
  table: string;
  model: string;
  version: string;
  edge: string;
  modelNode: string;
  tagNode: { uuid: string; obj: Record<string, unknown> };
  /** A function run in progress, started for the victim. */
  run: string;
  /** An on-call schedule of the victim's partner (the demo seed's). */
  schedule: string;
  /** An escalation policy of the victim's partner (the demo seed's). */
  policy: string;
  /** A personal access token of the victim admin's, and a service account of the victim's partner with its token. */
  personalToken: string;
  serviceAccount: string;
  serviceAccountToken: string;
  /** A SCIM directory connection of the victim's partner, and a group its directory made. */
  directoryConnection: string;
  directoryGroup: string;
}

/** What an attacking request sends besides its path. */
export interface AttackRequest {
  query?: string;
  body?: unknown;
}

const routeKey = (route: Pick<RegisteredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** A path parameter filled with the victim's thing of that kind. */
export function pathValueFor(route: RegisteredRoute, param: string, victim: VictimThings): string {
  const byName: Record<string, string> = {
    controllerId: victim.site, cid: victim.site, tag: 'RT401', ruleId: 'rule-1', name: victim.function, partner: 'fjordvarme',
    mapping: victim.mapping, table: victim.table, model_id: victim.model, version_id: victim.version,
    a: victim.model, b: victim.version, c: 'violin_plot', runId: victim.run, key: 'sites',
    scheduleId: victim.schedule, policyId: victim.policy, token: victim.serviceAccountToken,
  };
  if (param === 'id') {
    const owner = route.access?.owner;
    if (route.url.includes('/service-accounts/')) return victim.serviceAccount;
    if (route.url.includes('/directory/connections/')) return victim.directoryConnection;
    if (route.url.includes('/directory/groups/')) return victim.directoryGroup;
    if (route.url.includes('/auth/tokens/')) return victim.personalToken;
    if (owner === 'managed-user') return victim.user;
    if (owner === 'alarm' || route.url.includes('/simulation/alarms/')) return victim.alarm;
    if (route.url.includes('/licenses/')) return victim.license;
    return victim.site;
  }
  if (param === 'uuid') {
    if (route.url.includes('/graph/edges')) return victim.edge;
    if (route.url.includes('/graph/nodes')) return victim.modelNode;
    if (route.url.includes('/mapping-tables/')) return victim.table;
    return victim.mapping;
  }
  if (param in byName) return byName[param]!;
  throw new Error(`${routeKey(route)}: no victim's value for :${param} (add one to test/helpers/crossPartnerRequests.ts)`);
}

/** Queries some path-named routes need to get past validation. */
export function pathQueryFor(route: RegisteredRoute): string {
  if (route.url.includes('/timeseries/')) return '?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z';
  if (route.url.includes('/value/')) return '?ts=2026-01-01T00:00:00Z';
  return '';
}

/** Bodies good enough to get past validation, so that what refuses a path-named route is the owner check. */
export function pathBodyFor(route: RegisteredRoute, victim: VictimThings): unknown {
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
    'POST /cloud/alarms/simulation/sites/:id/connection': { webpmpReady: false },
    'POST /cloud/faas-manager/v0/functions/:name/run': {},
    'PUT /cloud/users/directory/groups/:id/access': { role: 'Admin', sites: [] },
  };
  return bodies[routeKey(route)] ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
}

/** A licence request for the victim's partner that passes validation (licensing.test.ts's controller licence). */
function licenceFor(victim: VictimThings, extra: Record<string, unknown> = {}) {
  return {
    licenseInfo: {
      name: 'Taken', issuedTo: 'Nordbygg', administrator: 'admin@nordbygg.test', partner: 'fjordvarme',
      type: 'controller', hardwareId: 'PC-6666', siteCount: '4', edition: 'Standard', ...extra,
    },
    metadata: { timeZone: 'Europe/Oslo' },
    expiration: 'P2Y',
  };
}

/**
 * Routes whose path names nothing but whose body or query names the victim's thing: the request that
 * tries it. Every write route without a path parameter must be here or exempted in the test.
 */
export function namedInRequest(victim: VictimThings): Record<string, AttackRequest> {
  return {
    'GET /cloud/metadata/v0/tags': { query: `?controller-uuid=${victim.site}&name=RT401` },
    'GET /cloud/alarms/oncall/who': { query: `?site=${victim.site}` },
    'POST /cloud/users/users': {
      body: { username: 'taken@nordbygg.test', name: 'Taken', role: 'User', password: 'taken-over-1', controllers: { [victim.site]: true } },
    },
    'POST /cloud/users/service-accounts': { body: { name: 'Taken', role: 'User', controllers: { [victim.site]: true } } },
    'POST /cloud/alarms/alarms/acknowledge': { body: { ids: [victim.alarm], comment: 'taken' } },
    'POST /cloud/licensing/generateLicense': { body: licenceFor(victim) },
    'POST /cloud/licensing/editLicense': { body: licenceFor(victim, { id: victim.license }) },
    'POST /cloud/licensing/archiveLicense': { body: { partner: 'fjordvarme', uid: victim.license } },
    'POST /cloud/anomaly/v0/models': {
      body: { name: 'spy', description: '', tags: [{ controller: victim.site, tag: 'RT401' }], labels: {}, parameters: {} },
    },
    'POST /cloud/graph/nodes': { body: [victim.tagNode] },
    'POST /cloud/graph/edges': { body: [{ uuid: crypto.randomUUID(), from_node: victim.modelNode, to_node: victim.tagNode.uuid }] },
  };
}

/** Filters that name the victim's things on the caller-scoped lists: the answer must show none of them. */
export function listQueryFor(route: RegisteredRoute, victim: VictimThings): string {
  const queries: Record<string, string> = {
    'GET /cloud/alarms/alarms': `?site=${victim.site}`,
    'GET /cloud/search/tags': '?q=RT401',
    'GET /cloud/graph/nodes': `?uuid=${victim.tagNode.uuid}`,
    'GET /cloud/graph/edges': `?uuid=${victim.edge}`,
    'GET /cloud/audit/records': `?objectKind=function&objectId=${victim.function}`,
  };
  return queries[routeKey(route)] ?? '';
}
