/** React side of the site feed: the shared session's feed while it is signed in, and its state. */
import { useEffect, useState } from 'react';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useStoreState } from '../shared/useStoreState.js';
import { acquireSiteFeed, type SiteFeed, type SiteFeedState } from './siteFeed.js';

const idle: SiteFeedState = { status: 'loading', sites: [], error: null, connectionsVersion: 0 };

/** The feed (null until signed in); `alarms: true` also runs the alarm poll while mounted. */
export function useSiteFeed(options: { alarms?: boolean } = {}): { feed: SiteFeed | null; state: SiteFeedState } {
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in';
  const [feed, setFeed] = useState<SiteFeed | null>(null);
  const wantAlarms = options.alarms ?? false;

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

  const state = useStoreState(feed?.state ?? null) ?? idle;
  return { feed, state };
}
