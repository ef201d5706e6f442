/**
 * The page's site feed, one per session, shared by the alarm table, the alarm map, the alarm cards
 * and the search page: the user's sites, one controller-proxy socket per online site, and (while an
 * alarm widget is mounted) the alarm poller filling core's alarms store: asked at once when the proxy
 * pushes alarm_changed for a site, and every 3 s as the fallback. Reference counted: the
 * first widget opens it, the last one to leave closes the sockets.
 */
import {
  connectSiteProxy,
  createAlarmsStore,
  listAllSites,
  startAlarmPoller,
  type AlarmPoller,
  type AlarmsStore,
  type Session,
  type SiteProxyConnection,
} from '@varde/core';
import type { AlarmUpdateRequest, Site } from '@varde/core/contract';
import { createSmallStore, type SmallStore } from '../shared/smallStore.js';

export interface SiteFeedState {
  status: 'loading' | 'ready' | 'error';
  sites: readonly Site[];
  error: string | null;
  /** What failed (an HttpError, a NetworkError…), for a refusal or a failure in the UI's words. */
  failure?: unknown;
  /** Bumped when a socket logs in, fails or closes (views that count connected sites re-render). */
  connectionsVersion: number;
}

/** What an alarm widget asks each site for (latestTimestamp is the poller's own). */
export type AlarmFeedRequest = Omit<AlarmUpdateRequest, 'latestTimestamp'>;

export interface SiteFeed {
  readonly state: SmallStore<SiteFeedState>;
  readonly alarms: AlarmsStore;
  /** Sockets of the online sites (logged in or on the way). */
  connections(): readonly SiteProxyConnection[];
  /** Starts the 3 s alarm poll (one per feed, however many alarm widgets); returns its release. */
  useAlarms(): () => void;
  /** Changes what the poll asks for (search text, unacked only) and asks again now. */
  setAlarmRequest(request: AlarmFeedRequest): void;
  /** Asks every site now (after a change the user made). */
  pollNow(): Promise<void>;
  /** Fetches the site list again and opens sockets for sites that came online. */
  reloadSites(): Promise<void>;
}

/** Rows per site per poll: enough for every active alarm of a large site. */
const ALARMS_PER_SITE = 5000;

interface Entry {
  feed: SiteFeed;
  users: number;
  close(): void;
}

const feeds = new WeakMap<Session, Entry>();

function openSiteFeed(session: Session): Entry {
  const state = createSmallStore<SiteFeedState>({ status: 'loading', sites: [], error: null, connectionsVersion: 0 });
  const alarms = createAlarmsStore();
  const sockets = new Map<string, { connection: SiteProxyConnection; stop: () => void }>();
  let request: AlarmFeedRequest = { amount: ALARMS_PER_SITE };
  let poller: AlarmPoller | null = null;
  let alarmUsers = 0;
  let closed = false;

  const bump = () => state.setState({ connectionsVersion: state.getState().connectionsVersion + 1 });

  /** Closes the sockets of sites no longer online (after a whole list came). */
  function closeOffline(sites: readonly Site[]): void {
    const online = new Set(sites.filter((site) => site.webpmpReady === true).map((site) => site.uuid));
    for (const [uuid, socket] of sockets) {
      if (online.has(uuid)) continue;
      socket.stop();
      socket.connection.close();
      sockets.delete(uuid);
      alarms.getState().removeSite(uuid);
    }
    bump();
  }

  /** Opens a socket for each online site of these that has none. */
  function openOnline(sites: readonly Site[]): void {
    const proxyBase = session.settings.services['controller-proxy'];
    for (const uuid of sites.filter((site) => site.webpmpReady === true).map((site) => site.uuid)) {
      if (sockets.has(uuid)) continue;
      const connection = connectSiteProxy({
        baseUrl: proxyBase,
        siteUuid: uuid,
        firebaseToken: async () => (session.realtime ? session.realtime.idToken() : null),
      });
      const stopState = connection.onStateChange((next) => {
        bump();
        // A fresh login answers with full rows: ask that site now, not every site again.
        if (next === 'logged-in') void poller?.pollSite(uuid);
      });
      // Server push: an alarm of the site changed; the 3 s poll stays as the fallback.
      const stopPush = connection.onAlarmChanged(() => void poller?.pollSite(uuid));
      sockets.set(uuid, { connection, stop: () => (stopState(), stopPush()) });
    }
    bump();
  }

  async function reloadSites(): Promise<void> {
    // A retry after a failure shows loading again (with its limit), not the old failure.
    if (state.getState().status === 'error') state.setState({ status: 'loading', error: null, failure: null });
    try {
      // Sockets open page by page: the first sites' alarms need not wait for the ten-thousandth site.
      const sites = await listAllSites(session.http, { onPage: (page) => { if (!closed) openOnline(page); } });
      if (closed) return;
      state.setState({ status: 'ready', sites, error: null, failure: null });
      closeOffline(sites);
    } catch (error) {
      if (!closed) state.setState({ status: 'error', error: (error as Error).message, failure: error });
    }
  }

  const connections = () => [...sockets.values()].map((socket) => socket.connection);

  const feed: SiteFeed = {
    state,
    alarms,
    connections,
    useAlarms() {
      alarmUsers += 1;
      poller ??= startAlarmPoller({ connections, store: alarms, request: () => request });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        alarmUsers -= 1;
        if (alarmUsers === 0) {
          poller?.stop();
          poller = null;
        }
      };
    },
    setAlarmRequest(next) {
      request = { amount: ALARMS_PER_SITE, ...next };
      poller?.invalidate();
      void poller?.pollNow();
    },
    pollNow: () => poller?.pollNow() ?? Promise.resolve(),
    reloadSites,
  };

  void reloadSites();
  return {
    feed,
    users: 0,
    close() {
      closed = true;
      poller?.stop();
      for (const socket of sockets.values()) {
        socket.stop();
        socket.connection.close();
      }
      sockets.clear();
    },
  };
}

/** The session's feed, opened on first use; call the returned release when done. */
export function acquireSiteFeed(session: Session): { feed: SiteFeed; release: () => void } {
  let entry = feeds.get(session);
  if (!entry) {
    entry = openSiteFeed(session);
    feeds.set(session, entry);
  }
  entry.users += 1;
  const mine = entry;
  let released = false;
  return {
    feed: entry.feed,
    release() {
      if (released) return;
      released = true;
      mine.users -= 1;
      if (mine.users === 0) {
        mine.close();
        if (feeds.get(session) === mine) feeds.delete(session);
      }
    },
  };
}
