/** A minimal external store (getState / setState / subscribe) for useSyncExternalStore. */
export interface SmallStore<T> {
  getState(): T;
  setState(partial: Partial<T>): void;
  subscribe(listener: () => void): () => void;
}

export function createSmallStore<T>(initial: T): SmallStore<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(partial) {
      state = { ...state, ...partial };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
