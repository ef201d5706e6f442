import { createReadStream, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves a built single-page app: a file when the path names one inside `dir`, otherwise
 * index.html for GET requests that accept text/html (history-mode routes like /sites/123).
 * Returns false when it has nothing to serve, so the caller answers 404.
 */
export function createPortalFiles(dir: string) {
  const root = resolve(dir);
  const index = join(root, 'index.html');

  function send(reply: FastifyReply, path: string, cache: string): void {
    const type = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    reply.header('Content-Type', type).header('Cache-Control', cache).header('X-Content-Type-Options', 'nosniff');
    reply.send(createReadStream(path));
  }

  return function servePortal(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://portal').pathname);
    } catch {
      return false;
    }
    if (pathname.startsWith('/cloud/')) return false;
    const candidate = resolve(root, `.${pathname}`);
    const inside = candidate === root || candidate.startsWith(root + sep);
    if (inside && pathname !== '/' && isFile(candidate)) {
      send(reply, candidate, 'public, max-age=300');
      return true;
    }
    const acceptsHtml = pathname === '/' || (request.headers.accept ?? '').includes('text/html');
    if (acceptsHtml && isFile(index)) {
      send(reply, index, 'no-cache');
      return true;
    }
    return false;
  };
}
