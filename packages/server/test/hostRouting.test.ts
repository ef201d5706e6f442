import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { serviceHostRewriter, hostnameOf } from '../src/http/hostRouting.js';
import { bearer, requestWithHost, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

let cloud: Cloud;
let token: string;

beforeAll(async () => {
  cloud = await startCloud();
  const session = await signIn(cloud, demoUsers.admin.email, demoUsers.admin.password);
  token = session.accessTokens['controllers-api.localhost']!;
});
afterAll(() => cloud.close());

test('a request to controllers-api.<domain>/controllers reaches the controllers-api service', async () => {
  const host = `controllers-api.localhost:${cloud.port}`;
  const answer = await requestWithHost(cloud.port, host, '/controllers?limit=3', bearer(token));
  expect(answer.status).toBe(200);
  expect(answer.body.data).toHaveLength(3);
  // The token's audience is checked for the service the host names, not for the path.
  const noToken = await requestWithHost(cloud.port, host, '/controllers');
  expect(noToken.status).toBe(401);
});

test('the same by path prefix on the one origin', async () => {
  const answer = await requestWithHost(cloud.port, `localhost:${cloud.port}`, '/cloud/controllers-api/controllers?limit=3', bearer(token));
  expect(answer.status).toBe(200);
  expect(answer.body.data).toHaveLength(3);
});

test('auth.<domain> serves the auth server, and a prefixed path behind a service host still works', async () => {
  const viaHost = await requestWithHost(cloud.port, `auth.localhost:${cloud.port}`, '/customToken', bearer(
    (await signIn(cloud, demoUsers.user.email, demoUsers.user.password)).accessTokens['auth.localhost']!,
  ));
  expect(viaHost.status).toBe(200);
  expect(typeof viaHost.body.token).toBe('string');
  const prefixed = await requestWithHost(cloud.port, `controllers-api.localhost:${cloud.port}`, '/cloud/controllers-api/controllers?limit=1', bearer(token));
  expect(prefixed.status).toBe(200);
});

test('hosts that are not <service>.<domain> are not rewritten', async () => {
  for (const host of [`unknown.localhost:${cloud.port}`, `controllers-api.example.com:${cloud.port}`, `localhost:${cloud.port}`]) {
    const answer = await requestWithHost(cloud.port, host, '/controllers', bearer(token));
    expect(answer.status, host).toBe(404);
    expect(typeof answer.body.detail).toBe('string');
  }
});

test('host names are parsed with ports, IPv6 literals and case', () => {
  expect(hostnameOf('Controllers-API.LocalHost:8080')).toBe('controllers-api.localhost');
  expect(hostnameOf('[::1]:8080')).toBe('::1');
  expect(hostnameOf(undefined)).toBe('');
  const rewrite = serviceHostRewriter('varde.example');
  const req = (host: string, url: string) => rewrite({ headers: { host }, url } as never);
  expect(req('historian.varde.example', '/abc/timeseries/t?from=1')).toBe('/cloud/historian/abc/timeseries/t?from=1');
  expect(req('historian.varde.example', '/cloud/historian/x')).toBe('/cloud/historian/x');
  expect(req('historian.other.example', '/x')).toBe('/x');
  expect(req('varde.example', '/x')).toBe('/x');
});
