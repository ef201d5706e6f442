import { posix, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor, decodedPathname, locate, type FileAnswer } from './filePaths.js';
import { createPortalFiles, REFERENCE_CLOUD_COOKIE } from './portalFiles.js';

/** A folder served under a URL path (`--static /widgets=packages/widgets/dist/elements`). */
export interface StaticMount {
  /** URL path prefix, starting with `/`, no trailing slash, never under /cloud. */
  prefix: string;
  dir: string;
}

/**
 * What the static mounts (examples, widget bundles for host pages) answer: a file under the prefix, or a
 * folder's index.html (a folder without the trailing slash is redirected to it, so relative URLs in the
 * page resolve). No history fallback. Null when they have nothing.
 */
export function createStaticMounts(mounts: readonly StaticMount[]) {
  const roots = mounts.map((mount) => ({ prefix: mount.prefix, root: resolve(mount.dir) }));
  return function mountAnswer(pathname: string, url: URL): FileAnswer | null {
    const mount = roots.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    if (!mount) return null;
    const found = locate(mount.root, pathname.slice(mount.prefix.length));
    if (found?.kind === 'folder') {
      if (!url.pathname.endsWith('/')) return { redirect: `${url.pathname}/${url.search}` };
      const index = locate(mount.root, posix.join(found.path, 'index.html'));
      return index?.kind === 'file' ? { root: mount.root, path: index.path } : null;
    }
    return found?.kind === 'file' ? { root: mount.root, path: found.path } : null;
  };
}

// @fastify/send names .js application/javascript; RFC 9239 makes text/javascript the type to send.
async function javascriptAsText(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && type.startsWith('application/javascript')) reply.header('content-type', 'text/javascript; charset=utf-8');
  return payload;
}

/**
 * What the cloud serves outside its routes, sent by @fastify/static: static mounts first, then the
 * portal (history fallback); anything else is the usual 404. Files come with an ETag (304 on
 * If-None-Match), content-hashed names are immutable for a year, and the .br or .gz the builds wrote
 * beside a file is sent to a client that accepts it (preCompressed). A text file without one (the
 * example host pages are sources, not built) is compressed on the fly by @fastify/compress, which must
 * be registered first (http/compression.ts).
 */
export async function registerStaticFiles(app: FastifyInstance, config: { staticMounts?: readonly StaticMount[]; portalDir?: string }): Promise<void> {
  const mounts = config.staticMounts?.length ? createStaticMounts(config.staticMounts) : undefined;
  const portal = config.portalDir ? createPortalFiles(config.portalDir) : undefined;
  if (!mounts && !portal) return;
  // serve: false: no routes of its own, only reply.sendFile, so the lookup order above stays ours.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  app.get(
    '/*',
    // Files outside /cloud need no token (the bearer hook would pass them anyway).
    { config: { public: true }, onSend: javascriptAsText },
    async (request, reply) => {
      const pathname = decodedPathname(request.url);
      const url = new URL(request.url, 'http://files');
      const answer = pathname === null ? null : (mounts?.(pathname, url) ?? portal?.(pathname, request.headers.accept ?? '') ?? null);
      if (!answer) {
        reply.callNotFound();
        return reply;
      }
      if ('redirect' in answer) return reply.redirect(answer.redirect, 301);
      reply.header('cache-control', cacheControlFor(answer.path));
      if (answer.path.endsWith('.html')) reply.header('set-cookie', REFERENCE_CLOUD_COOKIE);
      return reply.sendFile(answer.path, answer.root, { cacheControl: false });
    },
  );
}
