import { resolve } from 'node:path';
import { locate, type FileAnswer } from './filePaths.js';

/**
 * Set with every page the cloud serves (the portal, host pages): the page then knows it was served by
 * the reference cloud on whatever address the browser used (a LAN address, a deployment's public URL),
 * and signs in here rather than at production. Core reads it (REFERENCE_CLOUD_COOKIE in resolveSettings.ts).
 */
export const REFERENCE_CLOUD_COOKIE = 'varde_cloud=reference; Path=/; SameSite=Lax';

/**
 * What a built single-page app answers to a GET: the file the path names inside `dir`, then that path's
 * own page (`/login/silent-callback` -> `login/silent-callback.html`, a page the build writes so that a
 * path need not load the whole app), otherwise index.html to a request that accepts text/html
 * (history-mode routes like /sites/123). Null when it has nothing (API paths under /cloud never get the
 * app), so the caller answers 404.
 */
export function createPortalFiles(dir: string) {
  const root = resolve(dir);
  return function portalAnswer(pathname: string, accept: string): FileAnswer | null {
    if (pathname.startsWith('/cloud/')) return null;
    const found = pathname === '/' ? null : locate(root, pathname);
    if (found?.kind === 'file') return { root, path: found.path };
    const acceptsHtml = pathname === '/' || accept.includes('text/html');
    const page = acceptsHtml && pathname !== '/' && !pathname.endsWith('/') ? locate(root, `${pathname}.html`) : null;
    if (page?.kind === 'file') return { root, path: page.path };
    return acceptsHtml && locate(root, '/index.html')?.kind === 'file' ? { root, path: '/index.html' } : null;
  };
}
