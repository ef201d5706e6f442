import { useEffect } from 'react';
import { realtimePaths } from '@varde/core/contract';
import { session } from './session.js';
import { useSession } from './useSession.js';

/** What decides the menu and the route gates: when an admin changes either, the portal follows. */
const ACCESS_FIELDS = [
  { pathOf: realtimePaths.userModuleAccesses, field: 'moduleAccesses' },
  { pathOf: realtimePaths.userControllers, field: 'controllers' },
] as const;

/** The keys set to true, sorted: how a realtime map and the session's copy of it are compared. */
function trueKeys(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  return Object.entries(value)
    .filter(([, on]) => on === true)
    .map(([key]) => key)
    .sort()
    .join(',');
}

/**
 * Follows the signed-in user's module accesses and sites in the realtime database and refreshes the
 * user data when they change, so the menu and the gates follow an admin's change without a reload
 * (a removed module's page redirects as its gate says). The first snapshot of each path refreshes only
 * when it differs from what the session holds (an admin may have changed it between the sign-in and
 * the subscription); later ones always do.
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
    const unsubscribes = ACCESS_FIELDS.map(({ pathOf, field }) => {
      let first = true;
      return realtime.subscribe<unknown>(pathOf(uid), (value) => {
        const unchanged = first && trueKeys(value) === trueKeys(session.user?.[field]);
        first = false;
        if (!unchanged) refresh();
      });
    });
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }, [state, uid]);
}
