import { useSyncExternalStore } from 'react';
import type { SessionSnapshot } from '@varde/core';
import { session } from './session.js';

/** Re-renders on every session change (state, user, tokens). */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.store.subscribe, session.store.getState);
}
