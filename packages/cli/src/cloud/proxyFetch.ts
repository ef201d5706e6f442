import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/**
 * undici's fetch, through a proxy when HTTPS_PROXY / HTTP_PROXY is set (NO_PROXY respected).
 * Node's built-in fetch ignores those variables, which surprises people behind a corporate proxy.
 */
export function createFetch(env: NodeJS.ProcessEnv = process.env): typeof fetch {
  const useProxy = PROXY_VARIABLES.some((name) => (env[name] ?? '') !== '');
  const dispatcher = useProxy ? new EnvHttpProxyAgent() : undefined;
  const proxied = (input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) =>
    undiciFetch(input, dispatcher ? { ...init, dispatcher } : init);
  // undici's Request/Response types are structurally the web ones; the core client only uses the standard surface.
  return proxied as unknown as typeof fetch;
}
