import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { CloudConfig } from '../context.js';
import { mapTilesImageSource } from '../map/mapTiles.js';

/** Pages other sites may frame (widget host pages and bundles, the controller frame); everything else: 'none'. */
const FRAMABLE_PREFIXES = ['/examples', '/widgets', '/cloud/controller-proxy/'];

function framable(path: string): boolean {
  return FRAMABLE_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
}

/**
 * The portal's Content-Security-Policy: no inline script. What the portal needs, found by running it
 * under this policy in Chromium (tests/e2e/shell/csp.spec.ts): web-ifc compiles wasm
 * ('wasm-unsafe-eval'), monaco starts workers from blob: URLs, React, Shoelace and monaco set inline
 * style attributes and <style> elements ('unsafe-inline' styles only), Leaflet draws tiles from
 * OpenStreetMap (production's default) or the cloud's --map-tiles server.
 */
export function portalCsp(frameAncestors: string, tileSource = 'https://tile.openstreetmap.org'): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileSource}`,
    "font-src 'self' data:",
    "connect-src 'self' ws: wss: data:", // Shoelace fetches its data: icons
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * Secure by default (issue 14): nosniff, a Referrer-Policy and HSTS (only when the public origin is
 * https) on every answer, from helmet. HTML pages get the portal's CSP with frame-ancestors 'none'
 * ('self' for the silent-renew callback); the framable pages (/examples, /widgets, the controller
 * frame) may be framed by the cloud itself and the `--frame-ancestors` origins. A page that sets its
 * own CSP (the OIDC pages, the controller frame) keeps it, with the framable list on framable pages.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<CloudConfig, 'publicOrigin' | 'mapTiles' | 'frameAncestors'>): void {
  const https = config.publicOrigin.startsWith('https:');
  const common = helmet({
    contentSecurityPolicy: false, // per page, below
    frameguard: false, // frame-ancestors says it (X-Frame-Options cannot allow a list of origins)
    crossOriginResourcePolicy: false, // host pages on other origins load /widgets bundles with <script>
    crossOriginOpenerPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const others = config.frameAncestors ?? [];
  const framers = ["'self'", ...others].join(' ');
  const tileSource = config.mapTiles ? mapTilesImageSource(config.mapTiles.url) : undefined;

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    common(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) return payload;
    const path = request.url.split('?')[0] ?? '/';
    const own = reply.getHeader('content-security-policy');
    if (typeof own === 'string') {
      if (framable(path)) reply.header('content-security-policy', own.replace(/frame-ancestors [^;]*/, `frame-ancestors ${framers}`));
      return payload;
    }
    if (framable(path)) {
      // Host pages stand in for other sites' pages (their own inline scripts): only who may frame them.
      reply.header('content-security-policy', `frame-ancestors ${framers}`);
    } else if (path.startsWith('/cloud/')) {
      // The sign-in server's own pages (the OIDC session check the portal frames has an inline script).
      reply.header('content-security-policy', "frame-ancestors 'self'");
    } else {
      // The silent renewal runs the portal's callback in its own hidden iframe; nothing else is framed.
      reply.header('content-security-policy', portalCsp(path === '/login/silent-callback' ? "'self'" : "'none'", tileSource));
    }
    return payload;
  });
}
