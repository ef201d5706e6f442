import type { ZodMiniType } from 'zod/mini';
import type { AccessTokens } from '../contract/auth.js';
import { describeIssues } from '../contract/common.js';
import { safeParseContract } from '../contract/fastCheck.js';
import { findAccessToken, tryFindAccessToken } from './accessTokens.js';
import { createDeadline } from './deadline.js';
import { HttpError, NetworkError, ResponseShapeError, TimeoutError } from './HttpError.js';
import { statusTextFor } from './statusText.js';

export const DEFAULT_TIMEOUT_MS = 30_000;

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpClientOptions {
  /** Base URL of a service, e.g. `http://localhost:8080/cloud/controllers-api`. */
  baseUrlFor(service: string): string;
  /** The current access tokens (keyed by service host name), or null when signed out. */
  accessTokens(): AccessTokens | null;
  fetch?: typeof fetch;
  /** Default time limit per request; 0 or Infinity for none. */
  timeoutMs?: number;
  /** Default fetch credentials mode (the browser sends the auth server's session cookie with 'include'). */
  credentials?: RequestCredentials;
}

export interface RequestOptions<T> {
  method?: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, for the few endpoints that take text (CSV) or form data; set content-type in headers. */
  rawBody?: BodyInit;
  /** Validates a 2xx response body; the result is what `request` resolves to. */
  schema?: ZodMiniType<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /**
   * Bearer token from `accessTokens` for the service: true (default) requires one, false sends none,
   * 'if-available' sends it when there is one (the auth server takes a cookie or a bearer).
   */
  auth?: boolean | 'if-available';
  credentials?: RequestCredentials;
  /** How to read a 2xx body: 'auto' (default: JSON when the response says so, else text), 'text', 'bytes'. */
  responseType?: 'auto' | 'text' | 'bytes';
}

export interface HttpClient {
  request<T = unknown>(service: string, path: string, options?: RequestOptions<T>): Promise<T>;
  /** The full URL a request would go to (for links, sockets and logs). */
  urlFor(service: string, path: string, query?: Record<string, QueryValue>): string;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function urlFor(service: string, path: string, query?: Record<string, QueryValue>): string {
    const base = options.baseUrlFor(service).replace(/\/+$/, '');
    const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.append(key, String(value));
    }
    const qs = search.toString();
    if (!qs) return url;
    return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
  }

  function authHeader(service: string, auth: RequestOptions<unknown>['auth']): string | undefined {
    if (auth === false) return undefined;
    const tokens = options.accessTokens();
    const token = auth === 'if-available' ? tryFindAccessToken(tokens, service) : findAccessToken(tokens, service);
    return token === undefined ? undefined : `Bearer ${token}`;
  }

  async function request<T>(service: string, path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const method = (opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? 'POST' : 'GET')).toUpperCase();
    const url = urlFor(service, path, opts.query);
    const headers: Record<string, string> = { accept: 'application/json', ...lowerCaseKeys(opts.headers) };
    const authorization = authHeader(service, opts.auth ?? true);
    if (authorization) headers.authorization = authorization;
    let body: BodyInit | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }

    const timeoutMs = opts.timeoutMs ?? defaultTimeout;
    const deadline = createDeadline(timeoutMs, opts.signal);
    const what = `${method} ${service}${path}`;
    try {
      let response: Response;
      try {
        const init: RequestInit = { method, headers, signal: deadline.signal };
        if (body !== undefined) init.body = body;
        const credentials = opts.credentials ?? options.credentials;
        if (credentials) init.credentials = credentials;
        response = await fetchImpl(url, init);
      } catch (error) {
        const failure = translateFailure(error, what, timeoutMs, deadline.timedOut(), opts.signal);
        // The element names the cause (origin not allowed, or no answer) instead of "Failed to connect";
        // loaded on failure only, so no element's page carries it up front.
        if (failure instanceof NetworkError) {
          failure.explanation = await import('./networkFailure.js').then(({ explainNetworkFailure }) => explainNetworkFailure(url, fetchImpl));
        }
        throw failure;
      }

      let data: unknown;
      try {
        data = await readBody(response, response.ok ? (opts.responseType ?? 'auto') : 'auto');
      } catch (error) {
        throw translateFailure(error, what, timeoutMs, deadline.timedOut(), opts.signal);
      }

      if (!response.ok) {
        const statusText = statusTextFor(response.status, response.statusText);
        const retryAfter = retryAfterOf(response.headers.get('retry-after'));
        throw new HttpError(response.status, statusText, detailOf(data), data, retryAfter);
      }
      if (!opts.schema) return data as T;
      const parsed = safeParseContract(opts.schema, data);
      if (!parsed.success) {
        throw new ResponseShapeError(`Unexpected response from ${what}: ${describeIssues(parsed.error)}`, data);
      }
      return parsed.data;
    } finally {
      deadline.dispose();
    }
  }

  return { request, urlFor };
}

function lowerCaseKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) out[key.toLowerCase()] = value;
  return out;
}

async function readBody(response: Response, type: 'auto' | 'text' | 'bytes'): Promise<unknown> {
  if (type === 'bytes') return new Uint8Array(await response.arrayBuffer());
  const text = await response.text();
  if (type === 'text') return text;
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** `detail` of an error body: a string, or (FastAPI-style validation errors) anything else as JSON. */
function detailOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
    if (detail !== undefined && detail !== null) return JSON.stringify(detail);
  }
  return undefined;
}

/** Retry-After as seconds: a number of seconds or an HTTP date. */
function retryAfterOf(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function translateFailure(
  error: unknown,
  what: string,
  timeoutMs: number,
  timedOut: boolean,
  callerSignal: AbortSignal | undefined,
): unknown {
  if (timedOut) return new TimeoutError(`Request timed out after ${timeoutMs} ms: ${what}`, timeoutMs);
  if (callerSignal?.aborted) return callerSignal.reason ?? error;
  if (error instanceof Error && error.name === 'AbortError') return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new NetworkError(`Failed to connect: ${what} (${reason})`, { cause: error });
}
