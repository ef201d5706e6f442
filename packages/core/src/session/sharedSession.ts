import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Session } from './createSession.js';

/**
 * The page's one session. The portal (or a host page's <varde-session>) creates it and sets it
 * here; every widget reads it from here, and re-renders through the store when it is replaced.
 */
export const sharedSessionStore: StoreApi<{ session: Session | null }> = createStore<{ session: Session | null }>()(
  () => ({ session: null }),
);

export function setSharedSession(session: Session | null): void {
  sharedSessionStore.setState({ session });
}

export function sharedSession(): Session | null {
  return sharedSessionStore.getState().session;
}
