import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCloud, type Cloud } from './helpers/startCloud.js';

let cloud: Cloud;
const portalOrigin = 'http://portal.example:5173';

beforeAll(async () => {
  cloud = await startCloud({ allowedOrigins: [portalOrigin] });
});
afterAll(() => cloud.close());

async function preflight(origin: string, path: string) {
  return fetch(`${cloud.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });
}

test('bearer calls are allowed from any origin, without credentials', async () => {
  const answer = await preflight('https://controller.example', '/cloud/controllers-api/controllers');
  expect(answer.status).toBe(204);
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
});

test('credentialed calls are allowed only from the cloud itself and the allowed origins', async () => {
  for (const origin of [portalOrigin, cloud.url]) {
    const answer = await preflight(origin, '/cloud/auth/session/renew');
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
  }
  const login = await fetch(`${cloud.url}/cloud/auth/login`, {
    method: 'POST',
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    body: '{"piscadaId":"x@y.z","password":"p"}',
  });
  expect(login.headers.get('access-control-allow-credentials')).toBeNull();
  expect(login.headers.get('access-control-allow-origin')).toBe('*');
});
