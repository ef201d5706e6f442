import { afterAll, beforeAll, expect, test } from 'vitest';
import { MAX_FAILURES } from '../src/auth/loginThrottle.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { call } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/**
 * Behind a load balancer every request comes from its address: with --trust-proxy naming it, the
 * client's own address (X-Forwarded-For) is what the sign-in throttle counts; without, the header is
 * ignored, so a client cannot pick an address by sending one.
 */
let behindProxy: Cloud;
let direct: Cloud;
beforeAll(async () => {
  behindProxy = await startCloud({ trustProxy: ['127.0.0.1'] });
  direct = await startCloud();
});
afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
});

const wrongPassword = (cloud: Cloud, forwardedFor: string) =>
  call(cloud, '/cloud/auth/login', { json: { piscadaId: demoUsers.user.email, password: 'guess' }, headers: { 'x-forwarded-for': forwardedFor } });

test('behind a trusted proxy, each client behind it is throttled by its own address', async () => {
  for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) expect((await wrongPassword(behindProxy, '203.0.113.7')).status).toBe(401);
  expect((await wrongPassword(behindProxy, '203.0.113.7')).status).toBe(429);
  // Another client behind the same proxy is not locked out by the first.
  expect((await wrongPassword(behindProxy, '198.51.100.9')).status).toBe(401);
});

test('without --trust-proxy, X-Forwarded-For changes nothing', async () => {
  for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) expect((await wrongPassword(direct, `203.0.113.${attempt}`)).status).toBe(401);
  expect((await wrongPassword(direct, '198.51.100.9')).status).toBe(429);
});
