import { createReadStream, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_TYPES, createPortalFiles } from './portalFiles.js';

/** A folder served under a URL path (`--static /widgets=packages/widgets/dist/elements`). */
export interface StaticMount {
  /** URL path prefix, starting with `/`, no trailing slash, never under /cloud. */
  prefix: string;
  dir: string;
}

type FileFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

function statOf(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/**
 * Serves files of static mounts (examples, widget bundles for host pages): a file under the prefix,
 * or a folder's index.html (a folder without the trailing slash is redirected to it, so relative
 * URLs in the page resolve). No history fallback. Returns false when it has nothing to serve.
 */
export function createStaticFiles(mounts: readonly StaticMount[]): FileFallback {
  const roots = mounts.map((mount) => ({ prefix: mount.prefix, root: resolve(mount.dir) }));
  return function serveStatic(request, reply) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    let url: URL;
    let pathname: string;
    try {
      url = new URL(request.url, 'http://static');
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return false;
    }
    const mount = roots.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    if (!mount) return false;
    const candidate = resolve(mount.root, `.${pathname.slice(mount.prefix.length)}`);
    if (candidate !== mount.root && !candidate.startsWith(mount.root + sep)) return false;
    const found = statOf(candidate);
    if (found?.isDirectory()) {
      if (!url.pathname.endsWith('/')) {
        reply.redirect(`${url.pathname}/${url.search}`, 301);
        return true;
      }
      return sendFile(reply, join(candidate, 'index.html'));
    }
    return found?.isFile() ? sendFile(reply, candidate) : false;
  };
}

function sendFile(reply: FastifyReply, path: string): boolean {
  if (!statOf(path)?.isFile()) return false;
  const type = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  reply.header('Content-Type', type).header('Cache-Control', 'no-cache').header('X-Content-Type-Options', 'nosniff');
  reply.send(createReadStream(path));
  return true;
}

/** What the cloud serves outside its routes: static mounts first, then the portal (history fallback). */
export function createFileFallback(config: { staticMounts?: readonly StaticMount[]; portalDir?: string }): FileFallback | undefined {
  const fallbacks = [
    ...(config.staticMounts?.length ? [createStaticFiles(config.staticMounts)] : []),
    ...(config.portalDir ? [createPortalFiles(config.portalDir)] : []),
  ];
  if (fallbacks.length === 0) return undefined;
  return (request, reply) => fallbacks.some((serve) => serve(request, reply));
}
