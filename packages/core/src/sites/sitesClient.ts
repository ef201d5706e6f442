import { alarmReportResponse, type AlarmReport } from '../contract/alarms.js';
import { getControllerResponse, listControllersResponse, type Site } from '../contract/controllers.js';
import type { HttpClient } from '../http/createHttpClient.js';

/** controllers-api calls for the sites list (contract/controllers.ts, contract/alarms.ts). */
const CONTROLLERS = 'controllers-api';

export type SiteListKind = 'controllers' | 'adminControllers';

export interface ListSitesOptions {
  /** Which list: the user's sites (default) or the sites they administer. */
  list?: SiteListKind;
  offset?: number;
  limit?: number;
  /** Adds each site's number of notification rules. */
  rules?: boolean;
  signal?: AbortSignal;
}

/** One page of the caller's sites, ordered by name. */
export async function listSites(http: HttpClient, options: ListSitesOptions = {}): Promise<Site[]> {
  const answer = await http.request(CONTROLLERS, '/controllers', {
    query: {
      controllers: options.list ?? 'controllers',
      offset: options.offset,
      limit: options.limit,
      rules: options.rules ? 'True' : undefined,
    },
    schema: listControllersResponse,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return answer.data;
}

/** GET /controllers/{id}: one site the caller may see. */
export async function getSite(http: HttpClient, uuid: string, options: { signal?: AbortSignal } = {}): Promise<Site> {
  const answer = await http.request(CONTROLLERS, `/controllers/${encodeURIComponent(uuid)}`, {
    schema: getControllerResponse,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return answer.data;
}

/**
 * Every site of a list, fetched page by page (page size 1000). `onPage` sees each page as it comes,
 * so a caller with thousands of sites can start on the first ones.
 */
export async function listAllSites(
  http: HttpClient,
  options: Omit<ListSitesOptions, 'offset' | 'limit'> & { onPage?: (page: readonly Site[]) => void } = {},
): Promise<Site[]> {
  const { onPage, ...query } = options;
  const all: Site[] = [];
  for (;;) {
    const page = await listSites(http, { ...query, offset: all.length, limit: 1000 });
    all.push(...page);
    onPage?.(page);
    if (page.length < 1000) return all;
  }
}

/** GET /controllers/{id}/alarmReport. Errors are the caller's to ignore (spec: not handled). */
export async function fetchAlarmReport(http: HttpClient, siteUuid: string, options: { signal?: AbortSignal } = {}): Promise<AlarmReport> {
  const answer = await http.request(CONTROLLERS, `/controllers/${encodeURIComponent(siteUuid)}/alarmReport`, {
    schema: alarmReportResponse,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return answer.data;
}
