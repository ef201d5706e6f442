import { useSyncExternalStore } from 'react';

/** History-mode routing without a library: the location is the state, `navigate` pushes or replaces it. */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  notify();
}

/** The current path, query and hash; re-renders on navigation. */
export function useLocation(): { pathname: string; search: URLSearchParams; hash: string } {
  const href = useSyncExternalStore(subscribe, () => window.location.href);
  const url = new URL(href);
  return { pathname: url.pathname, search: url.searchParams, hash: url.hash };
}

/** Where the user is now, as a path a redirect query can carry back. */
export function currentPathAndQuery(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}
