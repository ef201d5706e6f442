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

/**
 * How long a push navigation waits for the next page's chunk before it shows the page's loading state:
 * a page that arrives within it renders at once (React holds a revealed Suspense fallback for 300 ms,
 * longer than most chunks take); on a slow link the user sees the loading state after it.
 */
const PAGE_LOAD_WAIT_MS = 300;
let loadPageFor: (to: string) => Promise<unknown> = () => Promise.resolve();
/** Push navigations made so far: a newer one wins over an older one still waiting for its page. */
let pushes = 0;

/** Set by the app: starts loading the page `to` opens (resolves when it is loaded). */
export function setPageLoader(load: (to: string) => Promise<unknown>): void {
  loadPageFor = load;
}

// Back and forward win over a push still waiting for its page, as a newer push does.
if (typeof window !== 'undefined') window.addEventListener('popstate', () => void (pushes += 1));

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) {
    pushes += 1; // a redirect wins too
    go(to, options);
    return;
  }
  const push = ++pushes;
  // A failed (or throwing) load shows in the page's own boundary once the location has changed.
  const pageLoaded = Promise.resolve()
    .then(() => loadPageFor(to))
    .catch(() => undefined);
  const allowed = guards.size > 0 ? allowedBy([...guards], to) : Promise.resolve(true);
  void Promise.all([allowed, Promise.race([pageLoaded, new Promise((resolve) => setTimeout(resolve, PAGE_LOAD_WAIT_MS))])]).then(
    ([ok]) => ok && push === pushes && go(to, options),
  );
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
