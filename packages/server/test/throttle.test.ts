import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { call } from './helpers/http.js';
import { manualClock } from './helpers/manualClock.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

const clock = manualClock();
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud({ clock });
});
afterAll(() => cloud.close());

const login = (piscadaId: string, password: string) =>
  call(cloud, '/cloud/auth/login', { json: { piscadaId, password } });

test('5 wrong passwords throttle the account: 429 with Retry-After, even for the right password', async () => {
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
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);

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
