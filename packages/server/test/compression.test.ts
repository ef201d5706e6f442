import { afterAll, beforeAll, expect, test } from 'vitest';
import { listControllersResponse, type SignedIn } from '@varde/core/contract';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { signInDemo, tokenFor } from './helpers/siteTestKit.js';

/** The API's JSON answers, compressed by @fastify/compress as the client accepts, above 1 KiB only. */
let cloud: Cloud;
let sysadmin: SignedIn;

beforeAll(async () => {
  cloud = await startCloud();
  sysadmin = await signInDemo(cloud, 'systemAdmin');
});
afterAll(() => cloud.close());

const sites = (encoding: string) =>
  fetch(`${cloud.url}/cloud/controllers-api/controllers`, {
    headers: { authorization: `Bearer ${tokenFor(sysadmin, 'controllers-api')}`, 'accept-encoding': encoding },
  });

test('a large JSON answer comes as brotli or gzip, as the client accepts, and reads the same', async () => {
  const plain = await sites('identity');
  expect(plain.headers.get('content-encoding')).toBeNull();
  const plainText = await plain.text();
  expect(plainText.length).toBeGreaterThan(1024);
  for (const encoding of ['br', 'gzip']) {
    const answer = await sites(encoding);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding'), encoding).toBe(encoding);
    expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
    const text = await answer.text(); // fetch decodes it
    expect(listControllersResponse.parse(JSON.parse(text)).data.length).toBeGreaterThanOrEqual(50);
    expect(text).toBe(plainText);
  }
  // brotli preferred when both are accepted.
  expect((await sites('gzip, br')).headers.get('content-encoding')).toBe('br');
});

test('a small JSON answer (under 1 KiB) is sent as it is', async () => {
  const signIn = await fetch(`${cloud.url}/cloud/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
    body: JSON.stringify({ piscadaId: 'nobody@varde.test', password: 'wrong' }),
  });
  expect(signIn.status).toBeGreaterThanOrEqual(400);
  expect(signIn.headers.get('content-encoding')).toBeNull();
});
