import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  createHttpClient,
  HttpError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
  type AccessTokens,
} from './support.js';
import { sendJson, startTestServer } from './helpers/testServer.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function clientFor(origin: string, tokens: AccessTokens | null = { 'controllers-api.localhost': 'tok-1' }) {
  return createHttpClient({
    baseUrlFor: (service) => `${origin}/cloud/${service}/`,
    accessTokens: () => tokens,
  });
}

describe('HttpError', () => {
  it('reads HTTP {status} - {statusText}, with the detail appended when there is one', () => {
    expect(new HttpError(404, 'Not Found').message).toBe('HTTP 404 - Not Found');
    const error = new HttpError(401, 'Unauthorized', 'Token expired', { detail: 'Token expired' });
    expect(error.message).toBe('HTTP 401 - Unauthorized: Token expired');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('HttpError');
    expect(error.body).toEqual({ detail: 'Token expired' });
  });
});

describe('createHttpClient', () => {
  it('sends the bearer of the service, JSON in and out, query parameters', async () => {
    server = await startTestServer((req, res) => sendJson(res, 200, { data: [{ uuid: 'u1' }] }));
    const http = clientFor(server.origin);
    const answer = await http.request('controllers-api', '/controllers', {
      query: { offset: 0, limit: 10, controllers: 'controllers', skipped: undefined },
    });
    expect(answer).toEqual({ data: [{ uuid: 'u1' }] });
    const [req] = server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('/cloud/controllers-api/controllers?offset=0&limit=10&controllers=controllers');
    expect(req?.headers.authorization).toBe('Bearer tok-1');
    expect(req?.headers.accept).toBe('application/json');
  });

  it('posts a JSON body', async () => {
    server = await startTestServer((req, res) => sendJson(res, 201, { ok: true }));
    const http = clientFor(server.origin);
    await http.request('controllers-api', 'controllers/x/notificationrules', { body: { rules: { a: 1 } } });
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual({ rules: { a: 1 } });
  });

  it('refuses to call a service it has no token for, before any request', async () => {
    server = await startTestServer((req, res) => sendJson(res, 200, {}));
    const http = clientFor(server.origin);
    await expect(http.request('historian', '/x')).rejects.toThrow('Failed to find access token for service historian');
    await expect(clientFor(server.origin, null).request('alarms', '/x')).rejects.toThrow(
      'Failed to find access token for service alarms',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('sends no bearer with auth false, and one only when available with if-available', async () => {
    server = await startTestServer((req, res) => sendJson(res, 200, {}));
    const http = clientFor(server.origin);
    await http.request('auth', '/login', { method: 'POST', body: {}, auth: false });
    await http.request('auth', '/session/renew', { method: 'POST', body: {}, auth: 'if-available' });
    await http.request('controllers-api', '/x', { auth: 'if-available' });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined, 'Bearer tok-1']);
  });

  it('turns a non-2xx answer into HttpError with status, statusText, detail and body', async () => {
    server = await startTestServer((req, res) => sendJson(res, 401, { detail: 'Token expired' }, 'Unauthorized'));
    const error = await clientFor(server.origin).request('controllers-api', '/controllers').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError;
    expect(httpError.status).toBe(401);
    expect(httpError.statusText).toBe('Unauthorized');
    expect(httpError.detail).toBe('Token expired');
    expect(httpError.body).toEqual({ detail: 'Token expired' });
    expect(httpError.message).toBe('HTTP 401 - Unauthorized: Token expired');
  });

  it('fills in the reason phrase when the server sends none, and keeps a text body', async () => {
    server = await startTestServer((req, res) => {
      res.writeHead(409, '', { 'content-type': 'text/plain' });
      res.end('exists');
    });
    const error = (await clientFor(server.origin)
      .request('controllers-api', '/x')
      .catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('HTTP 409 - Conflict');
    expect(error.detail).toBeUndefined();
    expect(error.body).toBe('exists');
  });

  it('validates the answer against the schema and returns the parsed value', async () => {
    server = await startTestServer((req, res) => sendJson(res, 200, { token: 'abc', extra: 1 }));
    const http = clientFor(server.origin);
    const schema = z.object({ token: z.string(), missing: z._default(z.string(), 'filled') });
    await expect(http.request('controllers-api', '/t', { schema })).resolves.toEqual({ token: 'abc', missing: 'filled' });
    const wrong = z.object({ token: z.number() });
    const error = await http.request('controllers-api', '/t', { schema: wrong }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toContain('token');
  });

  it('reads text and bytes when asked', async () => {
    server = await startTestServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from([1, 2, 3]));
    });
    const http = clientFor(server.origin);
    await expect(http.request('controllers-api', '/b', { responseType: 'bytes' })).resolves.toEqual(
      new Uint8Array([1, 2, 3]),
    );
  });

  it('answers undefined for an empty 204', async () => {
    server = await startTestServer((req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(clientFor(server.origin).request('controllers-api', '/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('raises a TimeoutError when the server does not answer in time', async () => {
    server = await startTestServer(() => {
      /* never answers */
    });
    const error = await clientFor(server.origin)
      .request('controllers-api', '/slow', { timeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe('Request timed out after 50 ms: GET controllers-api/slow');
  });

  it("rejects with the caller's abort reason when the caller aborts", async () => {
    server = await startTestServer(() => {
      /* never answers */
    });
    const controller = new AbortController();
    const pending = clientFor(server.origin).request('controllers-api', '/slow', { signal: controller.signal });
    const reason = new Error('user left the page');
    setTimeout(() => controller.abort(reason), 10);
    await expect(pending).rejects.toBe(reason);
  });

  it('does not send at all when the signal is already aborted', async () => {
    server = await startTestServer((req, res) => sendJson(res, 200, {}));
    const controller = new AbortController();
    controller.abort();
    await expect(
      clientFor(server.origin).request('controllers-api', '/x', { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(0);
  });

  it('raises a NetworkError when nothing listens', async () => {
    server = await startTestServer((req, res) => sendJson(res, 200, {}));
    const origin = server.origin;
    await server.close();
    server = undefined;
    const error = await clientFor(origin).request('controllers-api', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/^Failed to connect: GET controllers-api\/x/);
  });
});
