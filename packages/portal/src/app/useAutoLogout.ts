import { useEffect, useState } from 'react';
import { createInactivityMonitor } from '@varde/core';
import { realtimePaths } from '@varde/core/contract';
import { navigate } from './router.js';
import { session } from './session.js';
import { useSession } from './useSession.js';

/** What counts as the user being there: a click (the spec) or a key press (keyboard users click nothing). */
const ACTIVITY_EVENTS = ['click', 'keydown'] as const;

/**
 * Auto-logout after 60 minutes without activity, checked every second (core's inactivity monitor).
 * Decision: `portalAutoLogoutDisabled` means what its toggle's text says — true turns auto-logout
 * OFF; false or missing keeps it on. The flag is followed live from the realtime database, so the
 * account-settings toggle takes effect without a reload.
 */
export function useAutoLogout(): void {
  const { state, uid, user } = useSession();
  const [liveFlag, setLiveFlag] = useState<boolean | null>(null);

  useEffect(() => {
    setLiveFlag(null);
    const realtime = session.realtime;
    if (state !== 'signed-in' || !uid || !realtime) return undefined;
    return realtime.subscribe<boolean>(
      realtimePaths.userAutoLogoutDisabled(uid),
      (value) => setLiveFlag(value === true),
      { onError: () => setLiveFlag(null) },
    );
  }, [state, uid]);

  const disabled = liveFlag ?? user?.portalAutoLogoutDisabled === true;

  useEffect(() => {
    if (state !== 'signed-in' || disabled) return undefined;
    const monitor = createInactivityMonitor({ onTimeout: () => navigate('/logout') });
    const onActivity = () => monitor.activity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    monitor.start();
    return () => {
      monitor.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [state, disabled]);
}
