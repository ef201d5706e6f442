const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

type UndiciModule = typeof import('undici');

/**
 * The fetch the CLI talks to the cloud with. Node's built-in fetch ignores HTTPS_PROXY, which
 * surprises people behind a corporate proxy, so when a proxy variable is set we use undici's fetch
 * with its EnvHttpProxyAgent (which also honours NO_PROXY). Without one, the built-in fetch (the
 * same undici, shipped with Node) does, and the undici package is not even loaded: it would add a
 * noticeable share to every command's start-up.
 */
export function createFetch(env: NodeJS.ProcessEnv = process.env): typeof fetch {
  const useProxy = PROXY_VARIABLES.some((name) => (env[name] ?? '') !== '');
  if (!useProxy) return (input, init) => globalThis.fetch(input, init);

  let loaded: Promise<{ undici: UndiciModule; dispatcher: InstanceType<UndiciModule['EnvHttpProxyAgent']> }> | undefined;
  const proxied = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    loaded ??= import('undici').then((undici) => ({ undici, dispatcher: new undici.EnvHttpProxyAgent() }));
    const { undici, dispatcher } = await loaded;
    // undici's Request/Response are structurally the web ones; the core client uses only the standard surface.
    const response = await undici.fetch(input as Parameters<UndiciModule['fetch']>[0], {
      ...(init as Parameters<UndiciModule['fetch']>[1]),
      dispatcher,
    });
    return response as unknown as Response;
  };
  return proxied;
}
