import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { TestBrowser, authorizeUrl, discover, exchangeCode, formAction, pkcePair } from './oidcBrowser.js';

/**
 * Issue 26, item 7: the portal opened at 127.0.0.1 (or a LAN address, or the public URL behind a
 * proxy) signs in, though only the public origin (localhost) is registered; a page elsewhere is
 * refused with a page in the user's language, never raw JSON.
 */
let cloud: Cloud;
let loopbackOrigin: string;

beforeAll(async () => {
  cloud = await startCloud();
  loopbackOrigin = cloud.url.replace('//localhost:', '//127.0.0.1:');
});

afterAll(async () => {
  await cloud.close();
});

describe('the portal on another address of the cloud', () => {
  it('signs in at http://127.0.0.1:<port>: code to its own callback, token exchange from its own origin', async () => {
    expect(loopbackOrigin).not.toBe(cloud.url);
    const discovery = await discover(`${loopbackOrigin}/cloud/login/v2`);
    expect(discovery.authorization_endpoint.startsWith(loopbackOrigin)).toBe(true);
    const callbackUri = `${loopbackOrigin}/login/callback`;
    const browser = new TestBrowser();
    const { verifier, challenge } = pkcePair();
    const loginPage = await browser.navigate(authorizeUrl(discovery, { redirectUri: callbackUri, challenge }));
    expect(loginPage.status).toBe(200);
    const action = new URL(formAction(loginPage.body, '/login'), loopbackOrigin).href;
    const callback = await browser.navigate(action, {
      form: { email: demoUsers.user.email, password: demoUsers.user.password },
      stopAt: callbackUri,
    });
    const code = new URL(callback.url).searchParams.get('code');
    expect(code, callback.body).toBeTruthy();

    // oidc-client-ts posts to the token endpoint from the page: the browser sends the page's Origin.
    const response = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: loopbackOrigin },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: code!, redirect_uri: callbackUri, client_id: 'portal', code_verifier: verifier }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(loopbackOrigin);
    expect(await response.json()).toHaveProperty('id_token');
  });

  it('accepts the callback on the public address a TLS proxy forwards (X-Forwarded-Host), and no other', async () => {
    const discovery = await discover(`${cloud.url}/cloud/login/v2`);
    const ask = (redirectUri: string) =>
      fetch(authorizeUrl(discovery, { redirectUri, challenge: pkcePair().challenge }), {
        headers: { accept: 'text/html', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'varde.example.org' },
        redirect: 'manual',
      });
    const publicAddress = await ask('https://varde.example.org/login/callback');
    expect(publicAddress.status).toBe(303);
    expect(publicAddress.headers.get('location')).toContain('/cloud/login/v2/interaction/');

    const otherHost = await ask('https://evil.example/login/callback');
    expect(otherHost.status).toBe(400);
    const otherPath = await ask('https://varde.example.org/steal');
    expect(otherPath.status).toBe(400);
  });

  it('refuses a page elsewhere with a page in the user\'s language, JSON only for API clients', async () => {
    const discovery = await discover(`${cloud.url}/cloud/login/v2`);
    const foreign = authorizeUrl(discovery, { redirectUri: 'http://192.0.2.7:8080/login/callback', challenge: pkcePair().challenge });

    const swedish = await new TestBrowser('sv-SE,sv;q=0.9').navigate(foreign);
    expect(swedish.status).toBe(400);
    expect(swedish.headers.get('content-type')).toContain('text/html');
    expect(swedish.body).toContain('<html lang="sv">');
    expect(swedish.body).toContain('Inloggningen nekades');
    expect(swedish.body).toContain('invalid_redirect_uri');
    // The provider's own English description is not shown to a Swedish reader.
    expect(swedish.body).not.toContain("did not match any of the client's registered");

    const norwegian = await new TestBrowser('').navigate(foreign);
    expect(norwegian.body).toContain('Innloggingen ble avvist');

    // A navigation is a page whatever its Accept says (node:http: fetch sets its own Sec-Fetch-Mode).
    const navigation = await rawGet(foreign, { accept: '*/*', 'sec-fetch-mode': 'navigate', 'accept-language': 'en' });
    expect(navigation.contentType).toContain('text/html');
    expect(navigation.body).toContain('The sign-in was refused');

    const api = await fetch(foreign, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ error: 'invalid_redirect_uri', detail: expect.any(String) });
  });
});

function rawGet(url: string, headers: Record<string, string>): Promise<{ contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ contentType: String(response.headers['content-type'] ?? ''), body }));
    }).on('error', reject);
  });
}
