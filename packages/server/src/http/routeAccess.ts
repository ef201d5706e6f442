import type { ModuleKey } from '@varde/core/contract';
import type { PartnerResource } from '../partners/partnerResources.js';

/**
 * Who may call each token-protected route, and what it touches: the one place that says it, recorded
 * with every route in the registry (routeRegistry.ts) and enforced by one hook (accessHook.ts): the
 * module, the system-admin gate, the site and the partner-owned thing the path names. A route with no
 * entry is closed. test/crossPartner.test.ts walks the registry: a route with no entry here fails it,
 * every route that names a resource (in its path, body or query) is attacked by another partner's
 * admin, and a route it cannot attack must be exempted there with a reason. Lists and the kinds
 * the hook does not look up (users, alarms, licensing partners, function runs) are scoped by their
 * services, which the same test attacks.
 */
export type RouteOwner =
  /** The caller's own session or account; nothing of anyone else's. */
  | 'caller'
  /** A list or a create, scoped to the caller (their sites, sub-users, partner). */
  | 'caller-scoped'
  /** A site the caller may see (sites belong to partners through their users). */
  | 'site'
  /** An alarm, through its site. */
  | 'alarm'
  /** One of the caller's sub-users (a system admin: anyone). */
  | 'managed-user'
  /** A licensing partner the caller belongs to. */
  | 'licensing-partner'
  /** Something owned by the caller's partner: functions, mappings and tables, ML models, graph nodes and edges. */
  | 'partner'
  /** A running cloud function of the caller's. */
  | 'function-run'
  /** System admins only. */
  | 'system-admin';

export interface RouteAccess {
  owner: RouteOwner;
  /** The path parameter that names the resource, when there is one. */
  param?: string;
  /** For owner 'partner': what kind of partner-owned thing `param` names (its lookup: partners/ownerLookups.ts). */
  resource?: PartnerResource;
  /** The module a caller needs (a system admin has every one). */
  module?: ModuleKey;
}

const table: Record<string, RouteAccess> = {
  'GET /cloud/auth/customToken': { owner: 'caller' },
  'GET /cloud/auth/tokens': { owner: 'caller' },
  'POST /cloud/auth/tokens': { owner: 'caller' },
  'DELETE /cloud/auth/tokens/:id': { owner: 'caller' },
  // Service accounts (serviceAccounts/routes.ts): the route checks that the account is the caller's partner's.
  'GET /cloud/users/service-accounts': { owner: 'caller-scoped' },
  'POST /cloud/users/service-accounts': { owner: 'caller-scoped' },
  'DELETE /cloud/users/service-accounts/:id': { owner: 'caller-scoped' },
  'GET /cloud/users/service-accounts/:id/tokens': { owner: 'caller-scoped' },
  'POST /cloud/users/service-accounts/:id/tokens': { owner: 'caller-scoped' },
  'DELETE /cloud/users/service-accounts/:id/tokens/:token': { owner: 'caller-scoped' },
  // Directory sync (scim/directoryRoutes.ts): the route checks that the connection or group is the caller's partner's.
  'GET /cloud/users/directory/connections': { owner: 'caller-scoped' },
  'POST /cloud/users/directory/connections': { owner: 'caller-scoped' },
  'POST /cloud/users/directory/connections/:id/rotate': { owner: 'caller-scoped' },
  'DELETE /cloud/users/directory/connections/:id': { owner: 'caller-scoped' },
  'GET /cloud/users/directory/groups': { owner: 'caller-scoped' },
  'PUT /cloud/users/directory/groups/:id/access': { owner: 'caller-scoped' },
  'GET /cloud/controllers-api/controllers': { owner: 'caller-scoped' },
  'GET /cloud/controllers-api/controllers/:id': { owner: 'site', param: 'id' },
  'GET /cloud/controllers-api/controllers/:id/alarmReport': { owner: 'site', param: 'id' },
  'GET /cloud/controllers-api/controllers/:id/notificationrules': { owner: 'site', param: 'id' },
  'POST /cloud/controllers-api/controllers/:id/notificationrules': { owner: 'site', param: 'id' },
  'DELETE /cloud/controllers-api/controllers/:id/notificationrules': { owner: 'site', param: 'id' },
  'GET /cloud/controllers-api/controllers/:id/notificationusers': { owner: 'site', param: 'id' },
  'GET /cloud/controllers-api/controllers/:id/notificationtest/:ruleId': { owner: 'site', param: 'id' },
  'POST /cloud/controllers-api/controllers/:id/notificationtest': { owner: 'site', param: 'id' },
  'GET /cloud/controllers-api/controllers/:id/notificationlog/:ruleId': { owner: 'site', param: 'id' },
  'GET /cloud/users/users': { owner: 'caller-scoped' },
  'GET /cloud/users/users/grantable': { owner: 'caller' },
  'POST /cloud/users/users': { owner: 'caller-scoped' },
  'GET /cloud/users/users/:id': { owner: 'managed-user', param: 'id' },
  'PATCH /cloud/users/users/:id': { owner: 'managed-user', param: 'id' },
  'DELETE /cloud/users/users/:id': { owner: 'managed-user', param: 'id' },
  'PUT /cloud/users/users/:id/sites/:key': { owner: 'managed-user', param: 'id' },
  'DELETE /cloud/users/users/:id/sites/:key': { owner: 'managed-user', param: 'id' },
  'PUT /cloud/users/users/:id/modules/:key': { owner: 'managed-user', param: 'id' },
  'DELETE /cloud/users/users/:id/modules/:key': { owner: 'managed-user', param: 'id' },
  'PUT /cloud/users/users/:id/licensingPartners/:key': { owner: 'managed-user', param: 'id' },
  'DELETE /cloud/users/users/:id/licensingPartners/:key': { owner: 'managed-user', param: 'id' },
  'POST /cloud/users/users/:id/password': { owner: 'managed-user', param: 'id' },
  'POST /cloud/users/users/:id/reset-password': { owner: 'managed-user', param: 'id' },
  'GET /cloud/alarms/alarms': { owner: 'caller-scoped' },
  'POST /cloud/alarms/alarms/:id/acknowledge': { owner: 'alarm', param: 'id' },
  // Alarm lifecycle (alarms/lifecycleRoutes.ts): the route looks the alarm up through its site; bulk is all or nothing.
  'POST /cloud/alarms/alarms/acknowledge': { owner: 'caller-scoped' },
  'POST /cloud/alarms/alarms/:id/comments': { owner: 'alarm', param: 'id' },
  'POST /cloud/alarms/alarms/:id/clear': { owner: 'alarm', param: 'id' },
  'POST /cloud/alarms/alarms/:id/shelve': { owner: 'alarm', param: 'id' },
  'POST /cloud/alarms/alarms/:id/unshelve': { owner: 'alarm', param: 'id' },
  'GET /cloud/alarms/alarms/:id/history': { owner: 'alarm', param: 'id' },
  // Who acknowledged, cleared and shelved it, from the audit log (alarms/alarmStepsBy.ts).
  'GET /cloud/alarms/alarms/:id/audit': { owner: 'alarm', param: 'id' },
  'GET /cloud/alarms/simulation': { owner: 'system-admin' },
  'PUT /cloud/alarms/simulation': { owner: 'system-admin' },
  'POST /cloud/alarms/simulation/step': { owner: 'system-admin' },
  'POST /cloud/alarms/simulation/alarms': { owner: 'system-admin' },
  'POST /cloud/alarms/simulation/alarms/:id/clear': { owner: 'system-admin', param: 'id' },
  'POST /cloud/alarms/simulation/sites': { owner: 'system-admin' },
  'POST /cloud/alarms/simulation/sites/:id/connection': { owner: 'system-admin', param: 'id' },
  // On-call schedules (oncall/routes.ts): the route finds the schedule and answers 404 for another partner's.
  'GET /cloud/alarms/oncall/schedules': { owner: 'caller-scoped' },
  'POST /cloud/alarms/oncall/schedules': { owner: 'caller-scoped' },
  'GET /cloud/alarms/oncall/schedules/:scheduleId': { owner: 'partner', param: 'scheduleId' },
  'PUT /cloud/alarms/oncall/schedules/:scheduleId': { owner: 'partner', param: 'scheduleId' },
  'DELETE /cloud/alarms/oncall/schedules/:scheduleId': { owner: 'partner', param: 'scheduleId' },
  'GET /cloud/alarms/oncall/schedules/:scheduleId/timeline': { owner: 'partner', param: 'scheduleId' },
  // The site is named by the query's site.
  'GET /cloud/alarms/oncall/who': { owner: 'site' },
  // The caller's own calendar-feed secret (the feeds themselves are public: the secret is in their path).
  'GET /cloud/alarms/oncall/feed': { owner: 'caller' },
  'POST /cloud/alarms/oncall/feed': { owner: 'caller' },
  'DELETE /cloud/alarms/oncall/feed': { owner: 'caller' },
  // Escalation policies (escalation/routes.ts): as schedules; an alarm's escalation log through its site.
  'GET /cloud/alarms/escalations/policies': { owner: 'caller-scoped' },
  'POST /cloud/alarms/escalations/policies': { owner: 'caller-scoped' },
  'GET /cloud/alarms/escalations/policies/:policyId': { owner: 'partner', param: 'policyId' },
  'PUT /cloud/alarms/escalations/policies/:policyId': { owner: 'partner', param: 'policyId' },
  'DELETE /cloud/alarms/escalations/policies/:policyId': { owner: 'partner', param: 'policyId' },
  // Checks a schedule or a policy as a write would, storing nothing (escalation/checkRoutes.ts, for the CLI's apply).
  'POST /cloud/alarms/oncall/schedules/check': { owner: 'caller-scoped' },
  'POST /cloud/alarms/escalations/policies/check': { owner: 'caller-scoped' },
  'GET /cloud/alarms/escalations/alarms/:id': { owner: 'alarm', param: 'id' },
  // Registered only with --test-clock (testClock/routes.ts).
  'GET /cloud/alarms/test-clock': { owner: 'system-admin' },
  'POST /cloud/alarms/test-clock/advance': { owner: 'system-admin' },
  'GET /cloud/search/tags': { owner: 'caller-scoped' },
  'GET /cloud/licensing/partners': { owner: 'caller-scoped' },
  'GET /cloud/licensing/partners/:partner/licenseTypes': { owner: 'licensing-partner', param: 'partner' },
  'GET /cloud/licensing/partners/:partner/licenses': { owner: 'licensing-partner', param: 'partner' },
  'GET /cloud/licensing/partners/:partner/licenses/:id': { owner: 'licensing-partner', param: 'partner' },
  'POST /cloud/licensing/generateLicense': { owner: 'licensing-partner' },
  'POST /cloud/licensing/editLicense': { owner: 'licensing-partner' },
  'POST /cloud/licensing/archiveLicense': { owner: 'licensing-partner' },
  'GET /cloud/historian/:controllerId/tags': { owner: 'site', param: 'controllerId' },
  'GET /cloud/historian/:controllerId/timeseries/:tag': { owner: 'site', param: 'controllerId' },
  'GET /cloud/historian/:controllerId/value/:tag': { owner: 'site', param: 'controllerId' },
  'GET /cloud/faas-manager/v0/functions': { owner: 'caller-scoped', module: 'functions' },
  'GET /cloud/faas-manager/v0/functions/:name': { owner: 'partner', param: 'name', resource: 'function', module: 'functions' },
  'DELETE /cloud/faas-manager/v0/functions/:name': { owner: 'partner', param: 'name', resource: 'function', module: 'functions' },
  // Saving makes or replaces a function of the caller's partner: another partner's of that name is never reached.
  'POST /cloud/faas-manager/v0/functions/:name': { owner: 'caller-scoped', module: 'functions' },
  'POST /cloud/faas-manager/v0/functions/:name/run': { owner: 'partner', param: 'name', resource: 'function', module: 'functions' },
  'GET /cloud/mappings-manager/v0/mappings': { owner: 'caller-scoped', module: 'apps' },
  'GET /cloud/mappings-manager/v0/mappings/:uuid': { owner: 'partner', param: 'uuid', resource: 'mapping', module: 'apps' },
  'PUT /cloud/mappings-manager/v0/mappings/:uuid': { owner: 'partner', param: 'uuid', resource: 'mapping', module: 'apps' },
  'GET /cloud/mappings-manager/v0/mapping-tables/:mapping': { owner: 'partner', param: 'mapping', resource: 'mapping', module: 'apps' },
  'POST /cloud/mappings-manager/v0/mapping-tables/:mapping/:uuid': { owner: 'partner', param: 'mapping', resource: 'mapping', module: 'apps' },
  'PATCH /cloud/mappings-manager/v0/mapping-tables/:mapping/:uuid': { owner: 'partner', param: 'mapping', resource: 'mapping', module: 'apps' },
  'DELETE /cloud/mappings-manager/v0/mapping-tables/:mapping/:uuid': { owner: 'partner', param: 'mapping', resource: 'mapping', module: 'apps' },
  'POST /cloud/mappings-manager/v0/tag-mappings/:mapping/:table': { owner: 'partner', param: 'mapping', resource: 'mapping', module: 'apps' },
  'POST /cloud/api/v1/controllers/:cid/tags/:tag': { owner: 'site', param: 'cid' },
  'GET /cloud/metadata/controllers': { owner: 'caller-scoped' },
  // The controller is named by the query's controller-uuid.
  'GET /cloud/metadata/v0/tags': { owner: 'site' },
  'POST /cloud/api/runs/:runId/v1/controllers/:cid/tags/:tag': { owner: 'function-run', param: 'runId' },
  'GET /cloud/anomaly/v0/models': { owner: 'caller-scoped', module: 'mlexplorer' },
  'POST /cloud/anomaly/v0/models': { owner: 'caller-scoped', module: 'mlexplorer' },
  'GET /cloud/anomaly/v0/models/:model_id': { owner: 'partner', param: 'model_id', resource: 'model', module: 'mlexplorer' },
  'GET /cloud/anomaly/v0/models/:model_id/:version_id': { owner: 'partner', param: 'model_id', resource: 'model', module: 'mlexplorer' },
  'POST /cloud/anomaly/v0/models/:model_id': { owner: 'partner', param: 'model_id', resource: 'model', module: 'mlexplorer' },
  'PATCH /cloud/anomaly/v0/models/:model_id': { owner: 'partner', param: 'model_id', resource: 'model', module: 'mlexplorer' },
  'PATCH /cloud/anomaly/v0/models/:model_id/:version_id': { owner: 'partner', param: 'model_id', resource: 'model', module: 'mlexplorer' },
  'DELETE /cloud/anomaly/v0/models/:model_id': { owner: 'partner', param: 'model_id', resource: 'model', module: 'mlexplorer' },
  'DELETE /cloud/anomaly/v0/models/:model_id/:version_id': { owner: 'partner', param: 'model_id', resource: 'model', module: 'mlexplorer' },
  'GET /cloud/anomaly/v0/image/:a/:b/:c': { owner: 'partner', param: 'a', resource: 'model', module: 'mlexplorer' },
  'POST /cloud/anomaly/v0/train_model/:model_id/:version_id': { owner: 'partner', param: 'model_id', resource: 'model', module: 'mlexplorer' },
  // Converts a CSV and writes nothing; saving the edges is checked by the graph.
  'POST /cloud/csv2edges/csv2edges': { owner: 'caller', module: 'bim' },
  'POST /cloud/graph/nodes': { owner: 'caller-scoped', module: 'bim' },
  'GET /cloud/graph/nodes': { owner: 'caller-scoped', module: 'bim' },
  'POST /cloud/graph/edges': { owner: 'caller-scoped', module: 'bim' },
  'GET /cloud/graph/edges': { owner: 'caller-scoped', module: 'bim' },
  'DELETE /cloud/graph/edges/:uuid': { owner: 'partner', param: 'uuid', resource: 'graph-edge', module: 'bim' },
  'DELETE /cloud/graph/nodes/:uuid': { owner: 'partner', param: 'uuid', resource: 'graph-node', module: 'bim' },
  // A BIM access token for the caller's viewers, for their partner's BIM project (bim/sessionBimToken.ts).
  'POST /cloud/graph/bim-service/token': { owner: 'partner', module: 'bim' },
  // The audit log (audit/routes.ts): a partner's admins read their partner's records, a system admin all.
  'GET /cloud/audit/records': { owner: 'caller-scoped' },
};

/** The declared access of a route; HEAD shares its GET's. Undefined for a route nobody declared. */
export function routeAccessOf(method: string, url: string): RouteAccess | undefined {
  return table[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}
