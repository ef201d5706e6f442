/**
 * Widgets read the page's one session from core (never from React context), so the same component
 * works in the portal and in a host page configured by <varde-session>.
 */
import { useSyncExternalStore } from 'react';
import { sharedSessionStore, type Session, type SessionSnapshot } from '@varde/core';

const noSubscription = () => () => undefined;

/** The shared session (null until the portal or <varde-session> sets one); re-renders when replaced. */
export function useSharedSession(): Session | null {
  return useSyncExternalStore(
    sharedSessionStore.subscribe,
    () => sharedSessionStore.getState().session,
    () => sharedSessionStore.getState().session,
  );
}

/** The shared session's snapshot (state, user, tokensVersion...), or null without a session. */
export function useSessionSnapshot(): SessionSnapshot | null {
  const session = useSharedSession();
  const subscribe = session ? session.store.subscribe : noSubscription;
  const read = () => (session ? session.store.getState() : null);
  return useSyncExternalStore(subscribe, read, read);
}
