/** React side of the site feed: the shared session's feed while it is signed in, and its state. */
import { useEffect, useMemo, useState } from 'react';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useStoreState } from '../shared/useStoreState.js';
import { acquireSiteFeed, type SiteFeed, type SiteFeedState } from './siteFeed.js';

const idle: SiteFeedState = { status: 'loading', sites: [], error: null, connectionsVersion: 0 };

/**
 * The state as last read, unless status, sites or error changed: a view that does not count sockets
 * is not rendered again for each of the 90 logins a table's opening brings.
 */
function ignoringConnections(): (state: SiteFeedState) => SiteFeedState {
  let last: SiteFeedState | null = null;
  return (state) => {
    if (last && last.status === state.status && last.sites === state.sites && last.error === state.error) return last;
    last = state;
    return state;
  };
}

/**
 * The feed (null until signed in); `alarms: true` also runs the alarm poll while mounted;
 * `connections: true` re-renders when a socket logs in, fails or closes (connectionsVersion).
 */
export function useSiteFeed(options: { alarms?: boolean; connections?: boolean } = {}): { feed: SiteFeed | null; state: SiteFeedState } {
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in';
  const [feed, setFeed] = useState<SiteFeed | null>(null);
  const wantAlarms = options.alarms ?? false;
  const wantConnections = options.connections ?? false;

  useEffect(() => {
    if (!session || !signedIn) {
      setFeed(null);
      return;
    }
    const { feed: acquired, release } = acquireSiteFeed(session);
    const releaseAlarms = wantAlarms ? acquired.useAlarms() : () => undefined;
    setFeed(acquired);
    return () => {
      releaseAlarms();
      release();
    };
  }, [session, signedIn, wantAlarms]);

  const select = useMemo(() => (wantConnections ? (state: SiteFeedState) => state : ignoringConnections()), [wantConnections]);
  const state = useStoreState(feed?.state ?? null, select, idle);
  return { feed, state };
}

/** Whether a site's socket is still on its way (re-renders only when that changes). */
export function useAnySiteConnecting(feed: SiteFeed | null): boolean {
  const select = useMemo(() => () => feed?.connections().some((connection) => connection.state === 'connecting') ?? false, [feed]);
  return useStoreState(feed?.state ?? null, select, false);
}
