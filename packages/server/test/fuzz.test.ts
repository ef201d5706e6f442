import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceName, serviceHostName, type AccessTokens } from '@varde/core/contract';
import type { RegisteredRoute } from '../src/http/routeRegistry.js';
import { signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// Every route the registry holds, fed what an attacker or a broken client sends: never a 5xx, and
// every error says what was wrong in `detail`.
let cloud: Cloud;
let tokens: AccessTokens;

/** Answers that are not ours to shape, or deliberately 5xx; each says why. */
const EXEMPT: Record<string, string> = {
};
// The OpenID Connect provider and the firebase endpoints answer in their protocols' own error shapes.
const foreignProtocol = (url: string) => url.startsWith('/cloud/login/') || url.includes('googleapis.com') || url.startsWith('/.ws');

const deep = '['.repeat(10_000) + ']'.repeat(10_000);
const huge = JSON.stringify('x'.repeat(2 * 1024 * 1024));
const wrongTypes = ['[]', '123', '"text"', 'null', 'true', '{"a":{"b":[1,{"c":null}]}}', '{"__proto__":{"admin":true}}', '{not json'];
const oddParams = ['x', '%00', '..%2F..%2Fetc%2Fpasswd', '9'.repeat(400), '%F0%9F%92%A5'];

beforeAll(async () => {
  cloud = await startCloud();
  tokens = (await signIn(cloud, 'sysadmin@varde.test', 'demo1234')).accessTokens;
});
afterAll(() => cloud.close());

function headersFor(route: RegisteredRoute): Record<string, string> {
  const service = route.service;
  if (!service || !isServiceName(service)) return {};
  const token = tokens[serviceHostName(service, 'localhost')];
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function send(route: RegisteredRoute, param: string, body?: string) {
  const path = route.url.replace(/\*$/, param).replace(/:(\w+)/g, () => param);
  const response = await fetch(`${cloud.url}${path}?limit=abc&from=zzz&offset=-1`, {
    method: route.method,
    headers: { ...headersFor(route), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, text, json: (response.headers.get('content-type') ?? '').includes('json') };
}

const fuzzedRoutes = () =>
  cloud.context.routes.filter(
    (route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !EXEMPT[`${route.method} ${route.url}`] && !foreignProtocol(route.url),
  );

describe('fuzzing every route in the registry', () => {
  it('has routes to walk', () => {
    expect(fuzzedRoutes().length).toBeGreaterThan(80);
  });

  it('answers bodies nested 10,000 deep, of 2 MB and of the wrong type with a 4xx and a detail, never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of fuzzedRoutes().filter((item) => ['POST', 'PUT', 'PATCH'].includes(item.method))) {
      for (const body of [deep, huge, ...wrongTypes]) {
        const answer = await send(route, 'x', body);
        const label = `${route.method} ${route.url} with ${body.slice(0, 20)}…`;
        if (answer.status >= 500) failures.push(`${label} -> ${answer.status} ${answer.text.slice(0, 100)}`);
        else if (answer.status >= 400 && answer.json && typeof JSON.parse(answer.text).detail !== 'string') failures.push(`${label} -> no detail`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers odd path parameters and query strings without a 5xx', async () => {
    const failures: string[] = [];
    for (const route of fuzzedRoutes()) {
      for (const param of oddParams) {
        const answer = await send(route, param, ['POST', 'PUT', 'PATCH'].includes(route.method) ? '{}' : undefined);
        if (answer.status >= 500) failures.push(`${route.method} ${route.url} (${param.slice(0, 20)}) -> ${answer.status} ${answer.text.slice(0, 100)}`);
        else if (answer.status >= 400 && answer.json && typeof JSON.parse(answer.text).detail !== 'string') {
          failures.push(`${route.method} ${route.url} (${param.slice(0, 20)}) -> ${answer.status} without detail`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('names the nesting limit and the size limit', async () => {
    const route = cloud.context.routes.find((item) => item.method === 'POST' && item.url === '/cloud/auth/login')!;
    expect(JSON.parse((await send(route, 'x', deep)).text).detail).toBe('JSON is nested more than 64 levels deep');
    const tooLarge = await send(route, 'x', huge);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.text).detail).toBe('The request body is larger than the limit of 1 MB');
  });
});
