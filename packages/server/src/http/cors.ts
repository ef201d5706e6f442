import type { FastifyInstance } from 'fastify';

/**
 * CORS. Bearer calls may come from any origin (the token is the credential, and host pages of
 * controllers embed widgets). Calls with cookies are allowed only from the cloud's own origin and
 * config.allowedOrigins: only those get Access-Control-Allow-Credentials, so a browser on any other
 * origin never exposes a cookie-authenticated answer. Preflights are answered here, for every path.
 */
export function registerCors(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins.map((origin) => origin.replace(/\/$/, '')));
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    reply.header('Vary', 'Origin');
    if (trusted.has(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Credentials', 'true');
    } else {
      reply.header('Access-Control-Allow-Origin', '*');
    }
    reply.header('Access-Control-Expose-Headers', 'Retry-After, WWW-Authenticate');
    const preflightMethod = request.headers['access-control-request-method'];
    if (request.method === 'OPTIONS' && preflightMethod) {
      reply.header('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE');
      reply.header(
        'Access-Control-Allow-Headers',
        request.headers['access-control-request-headers'] ?? 'authorization, content-type',
      );
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
