import { afterAll, beforeAll, expect, test } from 'vitest';
import { isServiceName, serviceHostName } from '@varde/core/contract';
import { BODY_LIMIT } from '../src/cloud.js';
import type { RegisteredRoute } from '../src/http/routeRegistry.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { signAccessToken } from '../src/tokens/accessTokens.js';
import { concretePath } from './helpers/concretePath.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { sessionOf } from './helpers/session.js';

/**
 * Bad input to any route that takes a body gets a 4xx with a string `detail`, never a 5xx. The
 * routes come from the registry, so routes added later are walked too. Protected routes get a valid
 * token, so that the body (not the token) is what is judged.
 */
let cloud: Cloud;
let bodyRoutes: RegisteredRoute[];

beforeAll(async () => {
  cloud = await startCloud();
  bodyRoutes = cloud.context.routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
});
afterAll(() => cloud.close());

/** Rejected by the body parser whatever the route: always a 4xx. */
const unparseableBodies: [string, string, string][] = [
  ['malformed JSON', 'application/json', '{"piscadaId": "a@b.c", '],
  ['a body over 1 MB', 'application/json', JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT + 10) })],
  ['an unsupported media type', 'application/xml', '<login/>'],
];

/** Well-formed JSON of the wrong shape: a 4xx from every route that reads its body. */
const wrongShapeBodies: [string, string][] = [
  ['a JSON number', '42'],
  ['a JSON string', '"hello"'],
  ['a JSON array', '[1, 2, 3]'],
  ['null', 'null'],
  ['an empty object (missing fields)', '{}'],
  ['fields of the wrong type', JSON.stringify({
    piscadaId: 42, password: ['x'], idToken: false, smsToken: {}, uid: 7, email: 3, uuid: [], ticket: 1,
    name: 5, controllers: 'all', data: 9, value: {}, title: [], nodes: 'x',
  })],
  ['strings far too long', JSON.stringify({ piscadaId: 'x'.repeat(100_000), password: 'y'.repeat(100_000) })],
];

/**
 * POST routes that read no body, so a well-formed JSON body of any shape is not an error there.
 * A route added here must still never answer 5xx (checked below).
 */
const ROUTES_WITHOUT_BODY = new Set([
  '/cloud/auth/session/logout', '/cloud/auth/session/renew', '/cloud/auth/session/userinfo',
  // Mints the caller's BIM access token; it reads no body (bim/sessionBimToken.ts).
  '/cloud/graph/bim-service/token',
  // Makes (or renews) the caller's calendar-feed secret; it reads no body (oncall/routes.ts).
  '/cloud/alarms/oncall/feed',
]);

/** Pages for people, outside /cloud: a body is never read, and a refusal is a page saying why (HTML, not JSON). */
const PAGES = new Set(['/a/:token']);

async function authorizationFor(route: RegisteredRoute): Promise<Record<string, string>> {
  if (route.public || !route.service || !isServiceName(route.service)) return {};
  const audience = serviceHostName(route.service, cloud.context.config.domain);
  const token = await signAccessToken(cloud.context, { uid: demoUid('systemAdmin'), role: 'Admin', sid: await sessionOf(cloud, demoUid('systemAdmin')), audience });
  return { authorization: `Bearer ${token}` };
}

test('there are body routes to walk (auth at least)', () => {
  expect(bodyRoutes.map((route) => route.url)).toEqual(
    expect.arrayContaining(['/cloud/auth/login', '/cloud/auth/verifySMS', '/cloud/auth/resetPassword']),
  );
});

async function send(route: RegisteredRoute, contentType: string, body: string) {
  const response = await fetch(`${cloud.url}${concretePath(route.url)}`, {
    method: route.method,
    headers: { 'content-type': contentType, ...(await authorizationFor(route)) },
    body,
  });
  const text = await response.text();
  let detail: unknown;
  try {
    detail = (JSON.parse(text) as { detail?: unknown }).detail;
  } catch {
    detail = undefined;
  }
  return { status: response.status, text, detail };
}

for (const [name, contentType, body] of unparseableBodies) {
  test(`${name}: 4xx with detail on every body route`, async () => {
    for (const route of bodyRoutes) {
      const answer = await send(route, contentType, body);
      const where = `${route.method} ${route.url} with ${name}: ${answer.text.slice(0, 200)}`;
      expect(answer.status, where).toBeGreaterThanOrEqual(400);
      expect(answer.status, where).toBeLessThan(500);
      expect(typeof answer.detail, where).toBe('string');
    }
  });
}

for (const [name, body] of wrongShapeBodies) {
  test(`${name}: never 5xx; 4xx with detail where the body is read`, async () => {
    for (const route of bodyRoutes) {
      const answer = await send(route, 'application/json', body);
      const where = `${route.method} ${route.url} with ${name}: ${answer.text.slice(0, 200)}`;
      expect(answer.status, where).toBeLessThan(500);
      if (PAGES.has(route.url)) {
        expect(answer.text, where).toMatch(/^<!DOCTYPE html>/);
        continue;
      }
      if (!ROUTES_WITHOUT_BODY.has(route.url)) expect(answer.status, where).toBeGreaterThanOrEqual(400);
      if (answer.status >= 400) {
        expect(typeof answer.detail, where).toBe('string');
      }
    }
  });
}

test('bad query strings get 400 with detail too', async () => {
  const token = await signAccessToken(cloud.context, {
    uid: demoUid('admin'),
    role: 'Admin',
    sid: await sessionOf(cloud, demoUid('admin')),
    audience: serviceHostName('controllers-api', 'localhost'),
  });
  for (const query of ['limit=0', 'limit=abc', 'offset=-1', 'controllers=everything', 'rules=maybe', 'limit=1e9']) {
    const response = await fetch(`${cloud.url}/cloud/controllers-api/controllers?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, query).toBe(400);
    expect(typeof ((await response.json()) as { detail?: unknown }).detail, query).toBe('string');
  }
});
