import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { call } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { TestBrowser, authorizeUrl, discover, formAction, pkcePair } from './oidcBrowser.js';

const clock = manualClock();
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud({ clock });
});
afterAll(() => cloud.close());

const login = (piscadaId: string, password: string) =>
  call(cloud, '/cloud/auth/login', { json: { piscadaId, password } });

/** A POST from another client address on this machine (the loopback range is all ours). */
function postFrom(address: string, path: string, body: unknown): Promise<{ status: number; retryAfter: string | null; body: any }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = httpRequest(
      { host: '127.0.0.1', port: cloud.port, path, method: 'POST', localAddress: address, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } },
      (res) => {
        let answer = '';
        res.on('data', (chunk) => (answer += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, retryAfter: (res.headers['retry-after'] as string) ?? null, body: JSON.parse(answer) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

test('5 wrong passwords from one client make that client wait: 429 with Retry-After, even for the right password', async () => {
  const user = demoUsers.guest;
  for (let attempt = 0; attempt < 5; attempt++) {
    const wrong = await login(user.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('Wrong username or password');
  }
  const throttled = await login(user.email, user.password);
  expect(throttled.status).toBe(429);
  expect(typeof throttled.body.detail).toBe('string');
  const retryAfter = Number(throttled.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);

  // Other accounts are not affected; the name is matched without regard to case.
  expect((await login(demoUsers.viewer.email, demoUsers.viewer.password)).status).toBe(200);
  expect((await login(user.email.toUpperCase(), user.password)).status).toBe(429);

  clock.advance(retryAfter * 1000);
  expect((await login(user.email, user.password)).status).toBe(200);
});

test('unknown accounts are throttled the same way, so throttling reveals nothing', async () => {
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await login('ghost@varde.test', 'whatever')).status).toBe(401);
  }
  const throttled = await login('ghost@varde.test', 'whatever');
  expect(throttled.status).toBe(429);
  expect(throttled.headers.get('retry-after')).not.toBeNull();
});

test('a right password clears earlier failures', async () => {
  const user = demoUsers.powerUser;
  for (let attempt = 0; attempt < 4; attempt++) expect((await login(user.email, 'nope')).status).toBe(401);
  expect((await login(user.email, user.password)).status).toBe(200);
  for (let attempt = 0; attempt < 4; attempt++) expect((await login(user.email, 'nope')).status).toBe(401);
  expect((await login(user.email, user.password)).status).toBe(200);
});

test("an attacker's wrong passwords from one client do not lock the owner out from another", async () => {
  const user = demoUsers.user;
  for (let attempt = 0; attempt < 6; attempt++) await postFrom('127.0.0.2', '/cloud/auth/login', { piscadaId: user.email, password: 'guess' });
  expect((await postFrom('127.0.0.2', '/cloud/auth/login', { piscadaId: user.email, password: user.password })).status).toBe(429);
  expect((await login(user.email, user.password)).status).toBe(200);
});

test('each further failure doubles the wait, up to 15 minutes', async () => {
  const name = 'doubling@varde.test';
  for (let attempt = 0; attempt < 5; attempt++) await login(name, 'x');
  const first = Number((await login(name, 'x')).headers.get('retry-after'));
  clock.advance(first * 1000);
  expect((await login(name, 'x')).status).toBe(401); // allowed again, and wrong once more
  const second = Number((await login(name, 'x')).headers.get('retry-after'));
  expect(first).toBe(60);
  expect(second).toBe(120);
});

test('guesses sent at once count too: of 8 in parallel from one client, only 5 are checked', async () => {
  const guess = () => postFrom('127.0.0.5', '/cloud/auth/login', { piscadaId: 'parallel@varde.test', password: 'guess' });
  const answers = await Promise.all(Array.from({ length: 8 }, guess));
  expect(answers.map((answer) => answer.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
});

test('a client that keeps signing in is rate-limited: 429 with Retry-After and a detail', async () => {
  let answer = { status: 0, retryAfter: null as string | null, body: {} as any };
  for (let attempt = 0; attempt <= 60 && answer.status !== 429; attempt++) {
    answer = await postFrom('127.0.0.3', '/cloud/auth/login', { piscadaId: `spray${attempt}@varde.test`, password: 'x' });
  }
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.body.detail).toMatch(/^Too many attempts; try again in/);
  // Others sign in as usual.
  expect((await login(demoUsers.viewer.email, demoUsers.viewer.password)).status).toBe(200);
});

test('ID-token exchanges do not count against a client\'s sign-in limit (password attempts do)', async () => {
  const statuses = new Set<number>();
  for (let attempt = 0; attempt < 70; attempt++) {
    statuses.add((await postFrom('127.0.0.4', '/cloud/auth/login', { idToken: `not.a.token${attempt}` })).status);
  }
  expect([...statuses]).toEqual([401]);
  expect((await postFrom('127.0.0.4', '/cloud/auth/login', { piscadaId: demoUsers.viewer.email, password: demoUsers.viewer.password })).status).toBe(200);
});

test('reset e-mails are limited per address, from any client', async () => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    statuses.push((await postFrom(`127.0.0.${10 + attempt}`, '/cloud/auth/requestResetPassword', { email: demoUsers.sms.email })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
});

test('SMS code checks and reset requests are rate-limited per client: 429 with Retry-After and a detail', async () => {
  const sms: Array<{ status: number; retryAfter: string | null; body: any }> = [];
  for (let attempt = 0; attempt <= 20; attempt++) {
    sms.push(await postFrom('127.0.0.30', '/cloud/auth/verifySMS', { uid: demoUsers.sms.email, smsToken: '000000' }));
  }
  expect(sms.slice(0, 20).every((answer) => answer.status !== 429)).toBe(true);
  expect(sms[20]!.status).toBe(429);
  expect(Number(sms[20]!.retryAfter)).toBeGreaterThan(0);
  expect(sms[20]!.body.detail).toMatch(/^Too many attempts/);

  const resets: number[] = [];
  for (let attempt = 0; attempt <= 10; attempt++) {
    resets.push((await postFrom('127.0.0.31', '/cloud/auth/requestResetPassword', { email: `nobody${attempt}@varde.test` })).status);
  }
  expect(resets).toEqual([...Array(10).fill(200), 429]);
});

test("the identity provider's sign-in page is rate-limited per client too", async () => {
  const fresh = await startCloud();
  try {
    const discovery = await discover(`${fresh.url}/cloud/login/v2`);
    const browser = new TestBrowser();
    const page = await browser.navigate(authorizeUrl(discovery, { redirectUri: `${fresh.url}/login/callback`, challenge: pkcePair().challenge }));
    const action = new URL(formAction(page.body, '/login'), fresh.url).href;
    let last = { status: 0, headers: new Headers() };
    for (let attempt = 0; attempt <= 60 && last.status !== 429; attempt++) {
      last = await browser.request(action, { form: { email: `spray${attempt}@varde.test`, password: 'x' } });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  } finally {
    await fresh.close();
  }
});
