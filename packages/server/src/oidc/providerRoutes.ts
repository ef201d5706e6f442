import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { checkSessionIframeHtml } from './checkSessionIframe.js';
import { CHECK_SESSION_PATH, OIDC_MOUNT_PATH } from './paths.js';

/**
 * Hands every request under /cloud/login/v2/ to oidc-provider (a Koa app) untouched: the reply is
 * hijacked, the body stream left unread (the provider parses it itself), and the mount path moved
 * into `originalUrl`, which is how the provider learns where it is mounted.
 */
export function registerProviderRoutes(app: FastifyInstance, provider: Provider): void {
  const callback = provider.callback();

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    // Public: the provider's endpoints authenticate with cookies, PKCE and the OAuth protocol itself.
    scope.all(`${OIDC_MOUNT_PATH}/*`, { config: { public: true } }, async (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      const rest = url.startsWith(OIDC_MOUNT_PATH) ? url.slice(OIDC_MOUNT_PATH.length) : url;
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      await callback(raw, reply.raw);
    });

    // Public: the Session Management iframe, loaded by the portal inside a hidden frame.
    scope.get(CHECK_SESSION_PATH, { config: { public: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(checkSessionIframeHtml()),
    );
  });
}
