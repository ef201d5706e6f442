import { useEffect, useMemo } from 'react';
import { createMlExplorerStore, startMlExplorerRefresh, type MlExplorerState } from '@varde/core';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useStoreState } from '../shared/useStoreState.js';

export type MlExplorerStore = ReturnType<typeof createMlExplorerStore>;

/**
 * One explorer store per widget (core's createMlExplorerStore), loaded when the shared session is
 * signed in and again when its tokens change; refreshes every 30 s unless the page is hidden.
 */
export function useExplorerStore(refreshMs?: number): { store: MlExplorerStore; state: MlExplorerState; signedIn: boolean } {
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const store = useMemo(() => createMlExplorerStore({ http: () => session?.http ?? null }), [session]);
  const state = useStoreState(store);
  const signedIn = snapshot?.state === 'signed-in';
  const tokensVersion = snapshot?.tokensVersion;

  useEffect(() => {
    if (signedIn) void store.getState().load();
  }, [store, signedIn, tokensVersion]);

  useEffect(() => {
    if (!signedIn) return undefined;
    return startMlExplorerRefresh(store, {
      isHidden: () => typeof document !== 'undefined' && document.hidden,
      ...(refreshMs ? { refreshMs } : {}),
    });
  }, [store, signedIn, refreshMs]);

  return { store, state, signedIn };
}
