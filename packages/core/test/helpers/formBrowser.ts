/**
 * Just enough of a browser to walk the identity provider's HTML sign-in over real HTTP: one
 * cookie jar (single host), forms posted urlencoded, redirects followed by hand until a chosen
 * prefix (the portal's callback) so the test can hand that URL to the session.
 */
export class FormBrowser {
  private readonly cookies = new Map<string, string>();

  async request(url: string, form?: Record<string, string>) {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    const response = await fetch(url, { method: form ? 'POST' : 'GET', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, url, location: response.headers.get('location'), body: await response.text() };
  }

  /** Follows redirects; stops (without fetching) at a location starting with `stopAt`. */
  async navigate(url: string, form?: Record<string, string>, stopAt?: string) {
    let response = await this.request(url, form);
    for (let hops = 0; hops < 10; hops++) {
      if (response.status < 300 || response.status >= 400 || !response.location) return response;
      const next = new URL(response.location, response.url).href;
      if (stopAt && next.startsWith(stopAt)) return { ...response, url: next };
      response = await this.request(next);
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/** The absolute action URL of the page's form whose action ends with `suffix`. */
export function formActionOf(html: string, suffix: string, base: string): string {
  const match = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].find((m) => m[1]?.endsWith(suffix));
  if (!match?.[1]) throw new Error(`no form posting to …${suffix}`);
  return new URL(match[1].replace(/&amp;/g, '&'), base).href;
}
