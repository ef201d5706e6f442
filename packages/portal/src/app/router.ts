import { useEffect, useRef, useSyncExternalStore } from 'react';
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

/**
 * A page's say before the app navigates away (a menu link, a button): true goes, false stays. Only
 * push navigations ask; replace navigations (redirects, gates, sign-in flows) never wait for a user.
 * The browser's own leaving (reload, close, typed URL) is the page's `beforeunload` business.
 */
export type NavigationGuard = (to: string) => boolean | Promise<boolean>;
const guards = new Set<NavigationGuard>();

/** Adds a guard; returns its removal. */
export function addNavigationGuard(guard: NavigationGuard): () => void {
  guards.add(guard);
  return () => void guards.delete(guard);
}

/** While mounted (and `guard` non-null), asks `guard` before each push navigation. */
export function useNavigationGuard(guard: NavigationGuard | null): void {
  const current = useRef(guard);
  current.current = guard;
  const active = guard !== null;
  useEffect(() => {
    if (!active) return;
    return addNavigationGuard((to) => current.current?.(to) ?? true);
  }, [active]);
}

async function allowedBy(list: NavigationGuard[], to: string): Promise<boolean> {
  for (const guard of list) if (!(await guard(to))) return false;
  return true;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (!options.replace && guards.size > 0) {
    void allowedBy([...guards], to).then((allowed) => allowed && go(to, options));
    return;
  }
  go(to, options);
}

function go(to: string, options: { replace?: boolean }): void {
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
