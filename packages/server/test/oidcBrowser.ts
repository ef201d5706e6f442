import { createHash, randomBytes } from 'node:crypto';

/**
 * A scripted browser for the OpenID Connect tests: real HTTP with fetch, a cookie jar that honours
 * Path and expiry (one host only), redirects followed by hand so a test can stop at the portal's
 * callback URL instead of loading it.
 */
interface StoredCookie {
  value: string;
  path: string;
  httpOnly: boolean;
}

export interface BrowserResponse {
  status: number;
  url: string;
  headers: Headers;
  body: string;
}

export class TestBrowser {
  private readonly jar = new Map<string, StoredCookie>();

  constructor(private readonly acceptLanguage = 'en') {}

  cookie(name: string): StoredCookie | undefined {
    return this.jar.get(name);
  }

  cookieNames(): string[] {
    return [...this.jar.keys()];
  }

  clearCookies(): void {
    this.jar.clear();
  }

  /** One request, no redirect following. `form` posts application/x-www-form-urlencoded. */
  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<BrowserResponse> {
    const target = new URL(url);
    const headers: Record<string, string> = { 'accept-language': this.acceptLanguage, accept: 'text/html' };
    const cookieHeader = this.cookieHeaderFor(target.pathname);
    if (cookieHeader) headers.cookie = cookieHeader;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return { status: response.status, url: target.href, headers: response.headers, body: await response.text() };
  }

  /**
   * Follows redirects (as a browser: 303/302 become GET) until a response is not a redirect or the
   * next location starts with `stopAt`; then that location is returned unfetched in `url`.
   */
  async navigate(
    url: string,
    options: { method?: string; form?: Record<string, string>; stopAt?: string } = {},
  ): Promise<BrowserResponse> {
    let response = await this.request(url, options);
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      const next = new URL(location, response.url).href;
      if (options.stopAt && next.startsWith(options.stopAt)) {
        return { ...response, url: next };
      }
      response = await this.request(next);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  private cookieHeaderFor(pathname: string): string {
    return [...this.jar.entries()]
      .filter(([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    let path = '/';
    let expired = value === '';
    let httpOnly = false;
    for (const attribute of attributes) {
      const [key = '', attributeValue = ''] = attribute.split('=');
      const lower = key.toLowerCase();
      if (lower === 'path') path = attributeValue;
      if (lower === 'httponly') httpOnly = true;
      if (lower === 'max-age' && Number(attributeValue) <= 0) expired = true;
      if (lower === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
    }
    if (expired) this.jar.delete(name);
    else this.jar.set(name, { value, path, httpOnly });
  }
}

/** The value of a form's action attribute, or of a named input, from a rendered page. */
export function formAction(html: string, actionEndsWith: string): string {
  const match = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].find((m) => m[1]?.endsWith(actionEndsWith));
  if (!match?.[1]) throw new Error(`no form posting to …${actionEndsWith} in:\n${html}`);
  return match[1].replace(/&amp;/g, '&');
}

export function hiddenInput(html: string, name: string): string {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no input ${name} in:\n${html}`);
  return match[1];
}

/** A PKCE pair (S256) as the portal's oidc-client-ts makes it. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The discovery document fields the tests use. */
export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
  check_session_iframe: string;
  code_challenge_methods_supported: string[];
}

export async function discover(issuer: string): Promise<Discovery> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  return (await response.json()) as Discovery;
}

/** An authorization request as oidc-client-ts sends it for client `portal`. */
export function authorizeUrl(
  discovery: Discovery,
  options: { redirectUri: string; challenge: string; state?: string; nonce?: string; prompt?: string; scope?: string },
): string {
  const url = new URL(discovery.authorization_endpoint);
  const params: Record<string, string> = {
    client_id: 'portal',
    response_type: 'code',
    scope: options.scope ?? 'openid profile',
    redirect_uri: options.redirectUri,
    state: options.state ?? randomBytes(8).toString('hex'),
    nonce: options.nonce ?? randomBytes(8).toString('hex'),
    code_challenge: options.challenge,
    code_challenge_method: 'S256',
  };
  if (options.prompt) params.prompt = options.prompt;
  url.search = new URLSearchParams(params).toString();
  return url.href;
}

/** POST /token with the code and the PKCE verifier; returns status and JSON body. */
export async function exchangeCode(
  discovery: Discovery,
  code: string,
  redirectUri: string,
  verifier: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'portal',
      code_verifier: verifier,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
