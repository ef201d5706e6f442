import { useSyncExternalStore } from 'react';

/** What the hook reads: core's zustand vanilla stores and the widgets' small stores both have this shape. */
export interface ExternalStore<T> {
  getState(): T;
  subscribe(listener: () => void): () => void;
}

const noSubscription = () => () => undefined;

/**
 * A store's state, re-rendering on change (null while there is no store). With `select`, only that
 * slice (`fallback` without a store), and a change elsewhere in the state does not re-render; `select`
 * must return the same value for the same state (memoise what it derives), as useSyncExternalStore
 * compares snapshots by identity.
 */
export function useStoreState<T>(store: ExternalStore<T>): T;
export function useStoreState<T>(store: ExternalStore<T> | null): T | null;
export function useStoreState<T, S>(store: ExternalStore<T> | null, select: (state: T) => S, fallback: S): S;
export function useStoreState<T, S>(store: ExternalStore<T> | null, select?: (state: T) => S, fallback?: S): T | S | null {
  const read = () => (store ? (select ? select(store.getState()) : store.getState()) : (fallback ?? null));
  return useSyncExternalStore(store ? store.subscribe : noSubscription, read, read);
}
