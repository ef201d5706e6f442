import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AlarmReport } from '../contract/alarms.js';
import type { Site } from '../contract/controllers.js';
import { realtimePaths } from '../contract/realtime.js';
import type { HttpClient } from '../http/createHttpClient.js';
import type { Realtime } from '../realtime/createRealtime.js';
import { ALARM_REPORT_REFRESH_MS, SITE_STATUS_REFRESH_MS, firstPageSize, nextPageSize } from './constants.js';
import { fetchAlarmReport, listSites, type SiteListKind } from './sitesClient.js';

/** A site's portal status tags (controllers/{uuid}/tags/portalStatusText|Color/v). */
export interface SiteStatusTags {
  text: string | null;
  color: string | null;
}

export interface SitesState {
  list: SiteListKind;
  sites: readonly Site[];
  /** idle before the first load; loading during it; ready after; error when it failed. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  /** False once a page came back shorter than asked. */
  hasMore: boolean;
  error: Error | null;
  /** Alarm report per site uuid; absent while loading (alarmDisplayState -> loading). */
  reports: Readonly<Record<string, AlarmReport>>;
  statusTags: Readonly<Record<string, SiteStatusTags>>;
  /** First page: window height / 64 px sites. Starts over (a new list kind resets the list). */
  loadFirstPage(windowHeight: number, list?: SiteListKind): Promise<void>;
  /** The next page (nextPageSize: 10 to 200 sites); does nothing while loading or when there is no more. */
  loadMore(): Promise<void>;
  /** Fetches the loaded range again (webpmpReady, names), keeping the scroll position's sites. */
  refreshSites(): Promise<void>;
  /** Fetches the alarm reports of these sites (default: all loaded). Failures are ignored (spec). */
  refreshAlarmReports(siteUuids?: readonly string[]): Promise<void>;
  /** Subscribes to the status tags of these sites (the visible rows); returns the unsubscribe. */
  watchStatusTags(siteUuids: readonly string[]): () => void;
  /** Site status and alarm reports every 30 s; returns the stop function. */
  startRefresh(options?: { sitesMs?: number; alarmsMs?: number; alarmSites?: () => readonly string[] }): () => void;
}

export type SitesStore = StoreApi<SitesState>;

export interface SitesStoreOptions {
  /** The session's HTTP client (a function, so a renewed session is picked up). */
  http: () => HttpClient;
  /** The session's realtime database, when signed in. */
  realtime?: () => Realtime | null;
}

export function createSitesStore(options: SitesStoreOptions): SitesStore {
  // A newer load supersedes an older one still in flight (list kind changed, refresh raced a scroll).
  let generation = 0;
  const tagSubscriptions = new Map<string, { count: number; stop: () => void }>();

  return createStore<SitesState>()((set, get) => ({
    list: 'controllers',
    sites: [],
    status: 'idle',
    loadingMore: false,
    hasMore: true,
    error: null,
    reports: {},
    statusTags: {},

    async loadFirstPage(windowHeight, list = get().list) {
      const mine = ++generation;
      set({ list, status: 'loading', sites: [], hasMore: true, error: null, loadingMore: false });
      const limit = firstPageSize(windowHeight);
      try {
        const sites = await listSites(options.http(), { list, offset: 0, limit });
        if (mine !== generation) return;
        set({ sites, status: 'ready', hasMore: sites.length === limit });
      } catch (error) {
        if (mine === generation) set({ status: 'error', error: error as Error });
      }
    },

    async loadMore() {
      const state = get();
      if (state.status !== 'ready' || state.loadingMore || !state.hasMore) return;
      const mine = generation;
      set({ loadingMore: true });
      const limit = nextPageSize(state.sites.length);
      try {
        const page = await listSites(options.http(), { list: state.list, offset: state.sites.length, limit });
        if (mine !== generation) return;
        const known = new Set(get().sites.map((site) => site.uuid));
        set({
          sites: [...get().sites, ...page.filter((site) => !known.has(site.uuid))],
          hasMore: page.length === limit,
          loadingMore: false,
        });
      } catch (error) {
        if (mine === generation) set({ loadingMore: false, error: error as Error });
      }
    },

    async refreshSites() {
      const state = get();
      if (state.status !== 'ready' || state.sites.length === 0) return;
      const mine = generation;
      try {
        const sites = await listSites(options.http(), { list: state.list, offset: 0, limit: Math.min(1000, state.sites.length) });
        if (mine !== generation) return;
        const fresh = new Map(sites.map((site) => [site.uuid, site]));
        set({ sites: get().sites.map((site) => fresh.get(site.uuid) ?? site) });
      } catch {
        // The next refresh tries again; the list keeps what it has.
      }
    },

    async refreshAlarmReports(siteUuids) {
      const uuids = siteUuids ?? get().sites.map((site) => site.uuid);
      const http = options.http();
      await Promise.all(
        uuids.map(async (uuid) => {
          try {
            const report = await fetchAlarmReport(http, uuid);
            set({ reports: { ...get().reports, [uuid]: report } });
          } catch {
            // Site alarm fetch errors are not handled (core-shell §8): the row keeps its last state.
          }
        }),
      );
    },

    watchStatusTags(siteUuids) {
      const realtime = options.realtime?.();
      if (!realtime) return () => undefined;
      const update = (uuid: string, field: keyof SiteStatusTags, value: unknown) => {
        const current = get().statusTags[uuid] ?? { text: null, color: null };
        const next = typeof value === 'string' ? value : null;
        if (current[field] === next) return;
        set({ statusTags: { ...get().statusTags, [uuid]: { ...current, [field]: next } } });
      };
      for (const uuid of siteUuids) {
        const existing = tagSubscriptions.get(uuid);
        if (existing) {
          existing.count += 1;
          continue;
        }
        const stopText = realtime.subscribe(realtimePaths.portalStatusText(uuid), (value) => update(uuid, 'text', value), { onError: () => undefined });
        const stopColor = realtime.subscribe(realtimePaths.portalStatusColor(uuid), (value) => update(uuid, 'color', value), { onError: () => undefined });
        tagSubscriptions.set(uuid, { count: 1, stop: () => (stopText(), stopColor()) });
      }
      return () => {
        for (const uuid of siteUuids) {
          const subscription = tagSubscriptions.get(uuid);
          if (!subscription) continue;
          subscription.count -= 1;
          if (subscription.count === 0) {
            subscription.stop();
            tagSubscriptions.delete(uuid);
          }
        }
      };
    },

    startRefresh(refresh = {}) {
      const sitesTimer = setInterval(() => void get().refreshSites(), refresh.sitesMs ?? SITE_STATUS_REFRESH_MS);
      const alarmsTimer = setInterval(
        () => void get().refreshAlarmReports(refresh.alarmSites?.()),
        refresh.alarmsMs ?? ALARM_REPORT_REFRESH_MS,
      );
      return () => {
        clearInterval(sitesTimer);
        clearInterval(alarmsTimer);
      };
    },
  }));
}
