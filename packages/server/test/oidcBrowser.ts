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
    const response = await fetch(target, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
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
