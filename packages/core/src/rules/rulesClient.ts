import type { Site } from '../contract/controllers.js';
import {
  notificationRulesBody,
  ruleDeliveryLogResponse,
  ruleTestResult,
  ruleUsersResponse,
  type NotificationRuleInput,
  type NotificationRules,
  type RuleDeliveryLogEntry,
  type RuleTestResult,
  type RuleUser,
} from '../contract/rules.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { isHttpError } from '../http/HttpError.js';
import { listAllSites, type SiteListKind } from '../sites/sitesClient.js';

/**
 * Notification rules on controllers-api (contract/rules.ts), for the rule editor widget and the CLI.
 * Each call takes a session's HttpClient and throws core's HttpError on a non-2xx answer (400 with
 * the server's detail for a bad rule, 403 without the site or module, 404 for an unknown site) —
 * except the tests, which resolve with `{status, detail}` for an error answer (the dialog shows it).
 */
const API = 'controllers-api';

export interface RulesCallOptions {
  signal?: AbortSignal;
}

const sitePath = (siteUuid: string) => `/controllers/${encodeURIComponent(siteUuid)}`;
const pass = (options?: RulesCallOptions) => (options?.signal ? { signal: options.signal } : {});

/** Every site of the caller with its number of rules (`rules`), by name. */
export async function listRuleSites(http: HttpClient, options: { list?: SiteListKind } = {}): Promise<Array<Site & { rules: number }>> {
  const sites = await listAllSites(http, { ...(options.list ? { list: options.list } : {}), rules: true });
  return sites.map((site) => ({ ...site, rules: site.rules ?? 0 }));
}

/** GET /controllers/{id}/notificationrules: the site's rules keyed by rule id. */
export async function getSiteRules(http: HttpClient, siteUuid: string, options?: RulesCallOptions): Promise<NotificationRules> {
  const body = await http.request(API, `${sitePath(siteUuid)}/notificationrules`, { ...pass(options), schema: notificationRulesBody });
  return body.rules;
}

/** POST /controllers/{id}/notificationrules: the site's rules become exactly `rules`; answers them as stored. */
export async function saveSiteRules(
  http: HttpClient,
  siteUuid: string,
  rules: Record<string, NotificationRuleInput>,
  options?: RulesCallOptions,
): Promise<NotificationRules> {
  const body = await http.request(API, `${sitePath(siteUuid)}/notificationrules`, {
    ...pass(options),
    method: 'POST',
    body: { rules },
    schema: notificationRulesBody,
  });
  return body.rules;
}

/** DELETE /controllers/{id}/notificationrules: every rule of the site. */
export async function deleteSiteRules(http: HttpClient, siteUuid: string, options?: RulesCallOptions): Promise<void> {
  await http.request(API, `${sitePath(siteUuid)}/notificationrules`, { ...pass(options), method: 'DELETE' });
}

/** GET /controllers/{id}/notificationusers: whom the caller may put in the site's rules. */
export async function listRuleUsers(http: HttpClient, siteUuid: string, options?: RulesCallOptions): Promise<RuleUser[]> {
  const body = await http.request(API, `${sitePath(siteUuid)}/notificationusers`, { ...pass(options), schema: ruleUsersResponse });
  return body.data;
}

/** What a rule test came to: the cloud's result (per user and channel: sent or skipped), or an error status with its text. */
export type RuleTestOutcome = RuleTestResult | { status: number; detail: string };

async function outcomeOf(request: () => Promise<RuleTestResult>): Promise<RuleTestOutcome> {
  try {
    return await request();
  } catch (error) {
    if (!isHttpError(error)) throw error;
    return { status: error.status, detail: error.detail ?? `${error.status} ${error.statusText}` };
  }
}

/**
 * POST /controllers/{id}/notificationtest: tests the rule as drafted (saved or not). Resolves with
 * `{status: 200, data: {users, deliveries}}` — a user without a phone number is a skipped SMS in
 * `deliveries`, not an error — or `{status, detail}` for an error answer (400 bad draft, 403, 404).
 * A request that got no answer at all rejects (NetworkError, TimeoutError).
 */
export async function testRuleDraft(
  http: HttpClient,
  siteUuid: string,
  rule: NotificationRuleInput,
  options?: RulesCallOptions,
): Promise<RuleTestOutcome> {
  return outcomeOf(() =>
    http.request(API, `${sitePath(siteUuid)}/notificationtest`, { ...pass(options), method: 'POST', body: { rule }, schema: ruleTestResult }),
  );
}

/** GET /controllers/{id}/notificationtest/{ruleId}: tests a stored rule by id; answers as testRuleDraft. */
export async function testRule(http: HttpClient, siteUuid: string, ruleId: string, options?: RulesCallOptions): Promise<RuleTestOutcome> {
  return outcomeOf(() =>
    http.request(API, `${sitePath(siteUuid)}/notificationtest/${encodeURIComponent(ruleId)}`, { ...pass(options), schema: ruleTestResult }),
  );
}

/** GET /controllers/{id}/notificationlog/{ruleId}: what the rule sent or skipped (tests and alarms), newest first. */
export async function getRuleLog(
  http: HttpClient,
  siteUuid: string,
  ruleId: string,
  options?: RulesCallOptions & { limit?: number },
): Promise<RuleDeliveryLogEntry[]> {
  const query = options?.limit ? `?limit=${options.limit}` : '';
  const body = await http.request(API, `${sitePath(siteUuid)}/notificationlog/${encodeURIComponent(ruleId)}${query}`, {
    ...pass(options),
    schema: ruleDeliveryLogResponse,
  });
  return body.data;
}
