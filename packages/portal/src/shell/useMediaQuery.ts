import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH_PX } from '@varde/core';

/** Whether a CSS media query matches now; re-renders when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Spec: mobile layout at a window width of 960 px or less. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`);
}
