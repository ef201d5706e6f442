import { useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';

const noop = () => () => undefined;

/** The state of a zustand vanilla store (core's stores), re-rendering on change. */
export function useStoreState<T>(store: StoreApi<T> | null): T | null {
  return useSyncExternalStore(
    store ? store.subscribe : noop,
    () => (store ? store.getState() : null),
    () => (store ? store.getState() : null),
  );
}
