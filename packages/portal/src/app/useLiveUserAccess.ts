import { useEffect } from 'react';
import { realtimePaths } from '@varde/core/contract';
import { session } from './session.js';
import { useSession } from './useSession.js';

/** What decides the menu and the route gates: when an admin changes either, the portal follows. */
const ACCESS_PATHS = [realtimePaths.userModuleAccesses, realtimePaths.userControllers];

/**
 * Follows the signed-in user's module accesses and sites in the realtime database and refreshes the
 * user data when they change, so the menu and the gates follow an admin's change without a reload
 * (a removed module's page redirects as its gate says). The first snapshot of each path is the state
 * the session already holds, so it is skipped.
 */
export function useLiveUserAccess(): void {
  const { state, uid } = useSession();

  useEffect(() => {
    const realtime = session.realtime;
    if (state !== 'signed-in' || !uid || !realtime) return undefined;
    let refreshing: Promise<unknown> | null = null;
    let again = false;
    const refresh = () => {
      if (refreshing) {
        again = true;
        return;
      }
      refreshing = session
        .refreshUser()
        .catch(() => undefined)
        .finally(() => {
          refreshing = null;
          if (again) {
            again = false;
            refresh();
          }
        });
    };
    const unsubscribes = ACCESS_PATHS.map((pathOf) => {
      let first = true;
      return realtime.subscribe<unknown>(pathOf(uid), () => {
        if (first) first = false;
        else refresh();
      });
    });
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [state, uid]);
}
