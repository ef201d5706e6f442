import type { Timers } from './types.js';

/** Spec: log out after 60 minutes without a click, checked every second. */
export const INACTIVITY_LIMIT_MS = 60 * 60 * 1000;
export const INACTIVITY_CHECK_MS = 1000;

export interface InactivityMonitorOptions {
  onTimeout: () => void;
  limitMs?: number;
  checkEveryMs?: number;
  now?: () => number;
  timers?: Timers;
}

/**
 * Auto-logout timer without DOM: the page reports activity (clicks) with `activity()`. Whether it
 * runs is the portal's decision (the spec leaves the portalAutoLogoutDisabled semantics open).
 */
export function createInactivityMonitor(options: InactivityMonitorOptions) {
  const limit = options.limitMs ?? INACTIVITY_LIMIT_MS;
  const now = options.now ?? (() => Date.now());
  const timers: Timers = options.timers ?? {
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  };
  let lastActivity = now();
  let handle: unknown = null;

  const stop = () => {
    if (handle !== null) timers.clearInterval(handle);
    handle = null;
  };

  return {
    activity() {
      lastActivity = now();
    },
    start() {
      stop();
      lastActivity = now();
      handle = timers.setInterval(() => {
        if (now() - lastActivity < limit) return;
        stop();
        options.onTimeout();
      }, options.checkEveryMs ?? INACTIVITY_CHECK_MS);
    },
    stop,
    running: () => handle !== null,
  };
}

export type InactivityMonitor = ReturnType<typeof createInactivityMonitor>;
