/**
 * Viewer URLs (from the BIM service's viewer3d / viewer2d tokens) are cached in local storage for
 * 1 hour and fetched again when less than 60 s remain (core-shell §7, §9). Pure: the storage and the
 * time are parameters, so it runs in Node tests and in the browser alike.
 */
export const VIEWER_URL_TTL_MS = 3_600_000;
export const VIEWER_URL_REFRESH_MARGIN_MS = 60_000;
const PREFIX = 'varde.bim.viewerUrl.';

/** The part of the Storage interface used here (localStorage, sessionStorage, or a Map-backed fake). */
export interface ViewerUrlStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface CachedViewerUrl {
  url: string;
  expiresAt: number;
}

/** The cache key for a project, a viewer kind and a set of models (order does not matter). */
export function viewerUrlCacheKey(projectId: string, kind: 'viewer3d' | 'viewer2d', models: readonly string[] = []): string {
  return `${PREFIX}${projectId}.${kind}.${[...models].sort().join(',')}`;
}

/** Whether a cached entry is still good at `now` (more than 60 s left). */
export function isViewerUrlFresh(entry: CachedViewerUrl | null, now: number): entry is CachedViewerUrl {
  return entry !== null && entry.expiresAt - now >= VIEWER_URL_REFRESH_MARGIN_MS;
}

export function readCachedViewerUrl(storage: ViewerUrlStorage | null, key: string): CachedViewerUrl | null {
  if (!storage) return null;
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as Partial<CachedViewerUrl> | null;
    if (value && typeof value.url === 'string' && typeof value.expiresAt === 'number') return { url: value.url, expiresAt: value.expiresAt };
  } catch {
    // A damaged entry is as good as none.
  }
  return null;
}

/**
 * The viewer URL for `key`: the cached one while more than 60 s remain, otherwise `fetchUrl()`'s,
 * stored with an expiry of 1 hour from `now` (or sooner when the token says so).
 */
export async function viewerUrl(
  storage: ViewerUrlStorage | null,
  key: string,
  now: number,
  fetchUrl: () => Promise<{ url: string; expiresInSeconds?: number }>,
): Promise<string> {
  const cached = readCachedViewerUrl(storage, key);
  if (isViewerUrlFresh(cached, now)) return cached.url;
  const fresh = await fetchUrl();
  const ttl = Math.min(VIEWER_URL_TTL_MS, (fresh.expiresInSeconds ?? Infinity) * 1000);
  try {
    storage?.setItem(key, JSON.stringify({ url: fresh.url, expiresAt: now + ttl } satisfies CachedViewerUrl));
  } catch {
    // Storage full or blocked: the URL still works, it is just not cached.
  }
  return fresh.url;
}
