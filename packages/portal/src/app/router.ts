import { useSyncExternalStore } from 'react';
import { session } from './session.js';

/**
 * History-mode routing without a library: the location is the state, `navigate` pushes or replaces it.
 * Pages work with app paths (`/sites`); under a custom brand the browser path carries the brand's base
 * (`/nordlys/sites`), which `navigate` adds and `useLocation` strips.
 */
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

function basePath(): string {
  return session.settings.basePath;
}

/** The browser path for an app path (adds the brand's base). */
export function hrefFor(to: string): string {
  return basePath() + to;
}

/** The app path of a browser path (removes the brand's base). */
export function appPathOf(browserPath: string): string {
  const base = basePath();
  if (base && (browserPath === base || browserPath.startsWith(`${base}/`))) return browserPath.slice(base.length) || '/';
  return browserPath;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const href = hrefFor(to);
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  notify();
}

/** The current app path, query and hash; re-renders on navigation. */
export function useLocation(): { pathname: string; search: URLSearchParams; hash: string } {
  const href = useSyncExternalStore(subscribe, () => window.location.href);
  const url = new URL(href);
  return { pathname: appPathOf(url.pathname), search: url.searchParams, hash: url.hash };
}

/** Where the user is now (app path + query + hash), as a redirect query carries it back. */
export function currentPathAndQuery(): string {
  return appPathOf(window.location.pathname) + window.location.search + window.location.hash;
}
