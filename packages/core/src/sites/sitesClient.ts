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

/** Sites per page when a whole list is fetched. */
const WHOLE_LIST_PAGE = 1000;
/**
 * Pages asked for at once after the first: the first page says whether there are more (most users
 * have fewer than 1000 sites, one request); 10,000 sites then come in 3 rounds of requests, not 10.
 */
const PAGES_AHEAD = 4;

/**
 * Every site of a list (page size 1000; after the first page, up to 4 pages at a time). `onPage` sees
 * each page as it comes, in any order, so a caller with thousands of sites can start on the first
 * ones; the answer is the whole list in order.
 */
export async function listAllSites(
  http: HttpClient,
  options: Omit<ListSitesOptions, 'offset' | 'limit'> & { onPage?: (page: readonly Site[]) => void } = {},
): Promise<Site[]> {
  const { onPage, ...query } = options;
  const pageAt = (index: number) => listSites(http, { ...query, offset: index * WHOLE_LIST_PAGE, limit: WHOLE_LIST_PAGE });
  const first = await pageAt(0);
  onPage?.(first);
  if (first.length < WHOLE_LIST_PAGE) return first;
  const pages: Site[][] = [first];
  let next = 1;
  /** Index after the last page with sites (the first short page ends the list). */
  let end = Infinity;
  let failed = false;
  const fetchPages = async () => {
    while (next < end && !failed) {
      const index = next++;
      let page: Site[];
      try {
        page = await pageAt(index);
      } catch (error) {
        failed = true; // no new requests; the error is the caller's
        throw error;
      }
      if (index >= end) continue; // past the end a request raced to
      pages[index] = page;
      if (page.length < WHOLE_LIST_PAGE) end = index + 1;
      if (page.length > 0) onPage?.(page);
    }
  };
  await Promise.all(Array.from({ length: PAGES_AHEAD }, fetchPages));
  return pages.slice(0, end).flat();
}

/** GET /controllers/{id}/alarmReport. Errors are the caller's to ignore (spec: not handled). */
export async function fetchAlarmReport(http: HttpClient, siteUuid: string, options: { signal?: AbortSignal } = {}): Promise<AlarmReport> {
  const answer = await http.request(CONTROLLERS, `/controllers/${encodeURIComponent(siteUuid)}/alarmReport`, {
    schema: alarmReportResponse,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return answer.data;
}
