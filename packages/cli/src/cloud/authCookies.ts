/**
 * The auth server's session cookie, kept like a browser keeps it. The access tokens (the auth
 * service's included) all expire after an hour; the backend session behind the cookie slides for
 * as long as it is used. With the cookie, `varde` can renew tokens after a night's pause, and
 * `varde logout` really ends the backend session (a bearer token alone cannot be revoked).
 *
 * Cookies are sent only to the auth service's base URL, and only cookies it set are kept.
 */
export type AuthCookies = Record<string, string>;

export class AuthCookieJar {
  private cookies: AuthCookies;

  constructor(
    private readonly authBaseUrl: string,
    initial: AuthCookies = {},
  ) {
    this.cookies = { ...initial };
  }

  get current(): AuthCookies {
    return { ...this.cookies };
  }

  replace(cookies: AuthCookies): void {
    this.cookies = { ...cookies };
  }

  /** Wraps fetch: adds `Cookie` to requests for the auth service and records its `Set-Cookie`. */
  wrap(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!this.isAuthUrl(url)) return fetchImpl(input, init);
      const headers = new Headers(init?.headers);
      const cookie = Object.entries(this.cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
      if (cookie) headers.set('cookie', cookie);
      const response = await fetchImpl(input, { ...init, headers });
      for (const line of response.headers.getSetCookie()) this.record(line);
      return response;
    };
  }

  private isAuthUrl(url: string): boolean {
    const base = this.authBaseUrl.replace(/\/+$/, '');
    return url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`);
  }

  private record(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const separator = pair.indexOf('=');
    if (separator <= 0) return;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const removed =
      value === '' ||
      attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
    if (removed) delete this.cookies[name];
    else this.cookies[name] = value;
  }
}
