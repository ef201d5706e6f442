import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceName, serviceHostName, type AccessTokens } from '@varde/core/contract';
import type { RegisteredRoute } from '../src/http/routeRegistry.js';
import { signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// Every route the registry holds, fed what an attacker or a broken client sends: never a 5xx, and
// every error says what was wrong: `detail` on every 4xx under /cloud (the OpenID Connect provider's
// OAuth errors too, beside their error and error_description), and the googleapis-shaped sign-in
// endpoints in the error shape the firebase SDK parses (error.message "CODE : text").
let cloud: Cloud;
let tokens: AccessTokens;

/** Answers that are not ours to shape, or deliberately 5xx; each says why. */
const EXEMPT: Record<string, string> = {
  'TRACE /cloud/login/v2/*': 'fetch cannot send TRACE (a forbidden method); the provider answers it 405 to anyone else',
};
const isGoogleApi = (url: string) => url.includes('.googleapis.com/');

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
  // `::` is find-my-way's literal colon (accounts:lookup), not a parameter.
  const path = route.url.replace(/\*$/, param).replace(/::|:(\w+)/g, (match) => (match === '::' ? ':' : param));
  const response = await fetch(`${cloud.url}${path}?limit=abc&from=zzz&offset=-1`, {
    method: route.method,
    headers: { ...headersFor(route), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, text };
}

function parsed(text: string): Record<string, any> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, any>) : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with an answer, or undefined: a 5xx, or a 4xx that does not say why in its route's shape. */
function problemWith(route: RegisteredRoute, answer: { status: number; text: string }): string | undefined {
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 100)}`;
  if (answer.status < 400) return undefined;
  const body = parsed(answer.text);
  if (isGoogleApi(route.url)) {
    const shaped = body?.error?.code === answer.status && /^[A-Z_]+ : ./.test(body?.error?.message ?? '');
    return shaped ? undefined : `${answer.status} not in the Google error shape: ${answer.text.slice(0, 100)}`;
  }
  // Under /cloud every error is JSON with a detail; elsewhere (the portal's files) only JSON errors need one.
  if (!route.url.startsWith('/cloud/') && !body) return undefined;
  return typeof body?.detail === 'string' ? undefined : `${answer.status} without detail: ${answer.text.slice(0, 100)}`;
}

const fuzzedRoutes = () =>
  cloud.context.routes.filter(
    (route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !EXEMPT[`${route.method} ${route.url}`],
  );

describe('fuzzing every route in the registry', () => {
  it('has routes to walk, the identity provider and the googleapis-shaped sign-in endpoints among them', () => {
    const urls = fuzzedRoutes().map((route) => route.url);
    expect(urls.length).toBeGreaterThan(80);
    expect(urls).toEqual(expect.arrayContaining([
      '/cloud/login/v2/*', '/cloud/login/v2/interaction/:uid/login',
      '/identitytoolkit.googleapis.com/v1/accounts::signInWithCustomToken', '/securetoken.googleapis.com/v1/token',
    ]));
  });

  it('answers bodies nested 10,000 deep, of 2 MB and of the wrong type with a 4xx and a detail, never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of fuzzedRoutes().filter((item) => ['POST', 'PUT', 'PATCH'].includes(item.method))) {
      for (const body of [deep, huge, ...wrongTypes]) {
        const problem = problemWith(route, await send(route, 'x', body));
        if (problem) failures.push(`${route.method} ${route.url} with ${body.slice(0, 20)}… -> ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers odd path parameters and query strings without a 5xx', async () => {
    const failures: string[] = [];
    for (const route of fuzzedRoutes()) {
      for (const param of oddParams) {
        const problem = problemWith(route, await send(route, param, ['POST', 'PUT', 'PATCH'].includes(route.method) ? '{}' : undefined));
        if (problem) failures.push(`${route.method} ${route.url} (${param.slice(0, 20)}) -> ${problem}`);
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
