import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serviceHostName, isServiceName } from '@varde/core/contract';
import { authIssuer, signAccessToken } from '../src/tokens/accessTokens.js';
import { mintCustomToken } from '../src/tokens/customTokens.js';
import { demoUid } from '../src/seed/demoSeed.js';
import type { RegisteredRoute } from '../src/http/routeRegistry.js';
import { concretePath } from './helpers/concretePath.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { sessionOf } from './helpers/session.js';

/**
 * Every token-protected route, found by walking the route registry (so routes that later issues add
 * are covered too), refuses missing, malformed, expired, wrong-audience and badly signed tokens.
 */
let cloud: Cloud;
let protectedRoutes: RegisteredRoute[];
const uid = demoUid('admin');

beforeAll(async () => {
  cloud = await startCloud();
  protectedRoutes = cloud.context.routes.filter((route) => route.service !== null && !route.public);
});
afterAll(() => cloud.close());

async function callRoute(route: RegisteredRoute, authorization?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== undefined) headers.authorization = authorization;
  const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
  const response = await fetch(`${cloud.url}${concretePath(route.url)}`, {
    method: route.method,
    headers,
    body: hasBody ? '{}' : undefined,
  });
  const text = await response.text();
  return { status: response.status, challenge: response.headers.get('www-authenticate'), text };
}

function audienceOf(route: RegisteredRoute): string {
  if (!route.service || !isServiceName(route.service)) return `${route.service}.localhost`;
  return serviceHostName(route.service, cloud.context.config.domain);
}

/** Another service's host name, to make a token for the wrong audience. */
function otherAudience(route: RegisteredRoute): string {
  return route.service === 'alarms' ? 'historian.localhost' : 'alarms.localhost';
}

describe('the route registry', () => {
  test('holds the protected routes of the foundation, so the walk is not empty', () => {
    const urls = protectedRoutes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('GET /cloud/controllers-api/controllers');
    expect(urls).toContain('GET /cloud/auth/customToken');
  });

  test('marks sign-in and the outbox public, and nothing is public by accident', () => {
    const publicUrls = cloud.context.routes.filter((route) => route.public).map((route) => route.url);
    expect(publicUrls).toContain('/cloud/auth/login');
    expect(publicUrls).toContain('/cloud/outbox/messages');
    expect(publicUrls).not.toContain('/cloud/controllers-api/controllers');
  });
});

describe('every token-protected route answers 401 with a Bearer challenge', () => {
  let strangerKey: ReturnType<typeof generateKeyPair> | undefined;
  const cases: [string, (route: RegisteredRoute) => Promise<string | undefined>][] = [
    ['no Authorization header', async () => undefined],
    ['a non-bearer scheme', async () => 'Basic dXNlcjpwYXNz'],
    ['a bearer that is not a JWT', async () => 'Bearer not-a-token'],
    [
      'an expired token',
      async (route) => {
        const issuedAt = Math.floor(Date.now() / 1000) - 2 * 3600;
        return `Bearer ${await signAccessToken(cloud.context, { uid, role: 'Admin', sid: await sessionOf(cloud, uid), audience: audienceOf(route), issuedAt })}`;
      },
    ],
    [
      'a token for another service',
      async (route) =>
        `Bearer ${await signAccessToken(cloud.context, { uid, role: 'Admin', sid: await sessionOf(cloud, uid), audience: otherAudience(route) })}`,
    ],
    [
      'a token signed with another key',
      async (route) => {
        // One stranger key for all routes: an RSA key per route made this test outgrow its timeout.
        const stranger = await (strangerKey ??= generateKeyPair('RS256'));
        const now = Math.floor(Date.now() / 1000);
        const forged = await new SignJWT({ role: 'Admin' })
          .setProtectedHeader({ alg: 'RS256', kid: cloud.context.keys.kid, typ: 'at+jwt' })
          .setIssuer(authIssuer(cloud.context.config))
          .setAudience(audienceOf(route))
          .setSubject(uid)
          .setIssuedAt(now)
          .setExpirationTime(now + 3600)
          .sign(stranger.privateKey);
        return `Bearer ${forged}`;
      },
    ],
    ['a realtime custom token (right key, wrong kind)', async () => `Bearer ${await mintCustomToken(cloud.context, uid)}`],
  ];

  for (const [name, authorizationFor] of cases) {
    test(name, async () => {
      for (const route of protectedRoutes) {
        const answer = await callRoute(route, await authorizationFor(route));
        const where = `${route.method} ${route.url}`;
        expect(answer.status, where).toBe(401);
        expect(answer.challenge, where).toContain('Bearer error="invalid_token"');
        if (route.method !== 'HEAD') expect(typeof JSON.parse(answer.text).detail, where).toBe('string');
      }
    });
  }

  test('while a valid token for the service gets past the check', async () => {
    for (const route of protectedRoutes) {
      const token = await signAccessToken(cloud.context, { uid, role: 'Admin', sid: await sessionOf(cloud, uid), audience: audienceOf(route) });
      const answer = await callRoute(route, `Bearer ${token}`);
      expect(answer.challenge, `${route.method} ${route.url}`).toBeNull();
    }
  });
});
