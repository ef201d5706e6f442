import { afterAll, beforeAll, expect, it } from 'vitest';
import { pickLocale } from '../src/oidc/strings.js';
import { forgotPasswordPage, passwordPage } from '../src/oidc/pages.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** Issue 16: the provider's pages in Norwegian, English and Swedish, with "Forgot password?". */
let cloud: Cloud;
beforeAll(async () => {
  cloud = await startCloud();
});
afterAll(() => cloud.close());

it('picks the page language from ui_locales (the portal\'s), then the browser; Norwegian by default', () => {
  expect(pickLocale('sv', 'en-US')).toBe('sv');
  expect(pickLocale('se', undefined)).toBe('sv');
  expect(pickLocale('nb', 'en-US')).toBe('no');
  expect(pickLocale(undefined, 'sv-SE,sv;q=0.9')).toBe('sv');
  expect(pickLocale(undefined, 'de-DE')).toBe('no');
});

it('the password page links to "Forgot password?", whose page escapes what was typed', () => {
  const page = passwordPage({ locale: 'sv', action: '/a/login', forgotHref: '/a/forgot' });
  expect(page).toContain('<a href="/a/forgot">Glömt lösenordet?</a>');
  expect(page).toContain('<html lang="sv"');
  const forgot = forgotPasswordPage({ locale: 'en', action: '/a/forgot', backHref: '/a', email: '"><script>alert(1)</script>' });
  expect(forgot).not.toContain('<script>alert(1)</script>');
  expect(forgot).toContain('&lt;script&gt;');
});

it('an expired or unknown interaction\'s forgot page is refused with the expired page, not a 500', async () => {
  const answer = await fetch(`${cloud.url}/cloud/login/v2/interaction/not-a-real-uid/forgot`, { headers: { accept: 'text/html' } });
  expect(answer.status).toBe(400);
  const posted = await fetch(`${cloud.url}/cloud/login/v2/interaction/not-a-real-uid/forgot`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=user%40varde.test',
  });
  expect(posted.status).toBe(400);
  expect(await cloud.context.outbox.list({ to: 'user@varde.test' })).toEqual([]);
});
