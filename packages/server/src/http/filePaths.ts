import { statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';

/** What the cloud answers from a folder: a file to send (`path` is URL-style, inside `root`), or a redirect. */
export type FileAnswer = { root: string; path: string } | { redirect: string };

/** The decoded path of a request URL, or null when it cannot be decoded. */
export function decodedPathname(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url, 'http://files').pathname);
  } catch {
    return null;
  }
}

/**
 * What `pathname` (decoded, below `root`) names on disk: a file or a folder, as a URL-style path
 * relative to root. Null when it is missing or would leave root (`..`, encoded or not): such paths are
 * refused here, before @fastify/static ever sees them.
 */
export function locate(root: string, pathname: string): { kind: 'file' | 'folder'; path: string } | null {
  const candidate = resolve(root, `.${pathname}`);
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  let found;
  try {
    found = statSync(candidate);
  } catch {
    return null;
  }
  const path = `/${relative(root, candidate).split(sep).join('/')}`;
  if (found.isFile()) return { kind: 'file', path };
  return found.isDirectory() ? { kind: 'folder', path } : null;
}

// esbuild's [hash]: 8 characters of base32 after a dash (`portal-5GQ2XKZD.js`, `chunk-2635LWX6.js.map`).
const contentHashed = /-[A-Z2-7]{8}\.[^/]+$/;

/**
 * A name that carries its content's hash never changes content: cached for a year. Every other file
 * (index.html, host pages, the element bundles host pages name) is revalidated with its ETag.
 */
export function cacheControlFor(path: string): string {
  return contentHashed.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
