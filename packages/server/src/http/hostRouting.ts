import type { IncomingMessage } from 'node:http';
import { isServiceName, servicePathPrefix } from '@varde/core/contract';

/** `controllers-api.localhost:8080` -> `controllers-api.localhost`; `[::1]:80` -> `::1`. */
export function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * fastify `rewriteUrl`: a request whose Host is `<service>.<domain>` is served by that service's
 * `/cloud/<service>` routes, so a client calling `https://controllers-api.<domain>/controllers`
 * through a TLS proxy reaches the same code as one calling `/cloud/controllers-api/controllers`.
 */
export function serviceHostRewriter(domain: string): (request: IncomingMessage) => string {
  const suffix = `.${domain.toLowerCase()}`;
  return (request) => {
    const url = request.url ?? '/';
    const hostname = hostnameOf(request.headers.host);
    if (!hostname.endsWith(suffix)) return url;
    const service = hostname.slice(0, -suffix.length);
    if (!isServiceName(service)) return url;
    const prefix = servicePathPrefix(service);
    // Already prefixed (a client configured with the path layout behind the same host): keep it.
    if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) return url;
    return url.startsWith('/') ? `${prefix}${url}` : `${prefix}/${url}`;
  };
}
