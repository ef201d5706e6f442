import type { Dispatcher } from 'undici';

type UndiciModule = typeof import('undici');

export interface PoolFetch {
  fetch: typeof fetch;
  close(): Promise<void>;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch whose requests to `origin` share one kept-alive undici Pool of `connections`
 * connections (the bulk engine's concurrency). It goes through `pool.request`, which costs the
 * CLI far less CPU per call than a full fetch (no web streams), and answers with a BufferedResponse:
 * the body read into one Buffer, headers turned into a Headers object only when asked for. A real
 * Response (a ReadableStream, its controller and promises per request) tripled the garbage per row,
 * and garbage alive across two scavenges is promoted, which is what made the old generation grow
 * with the length of an import. Requests elsewhere (the auth server's renewal on another host) use
 * `fallback`.
 */
export async function createPoolFetch(origin: string, connections: number, fallback: typeof fetch): Promise<PoolFetch> {
  const undici: UndiciModule = await import('undici');
  const pool = new undici.Pool(origin, { connections, keepAliveTimeout: 30_000 });

  const poolFetch = (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (typeof input !== 'string' && !(input instanceof URL)) return fallback(input, init);
    const url = new URL(input);
    if (url.origin !== origin) return fallback(input, init);
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string') return fallback(input, init);
    const answer = await pool.request({
      path: `${url.pathname}${url.search}`,
      method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: plainHeaders(init?.headers),
      ...(typeof body === 'string' ? { body } : {}),
      ...(init?.signal ? { signal: init.signal } : {}),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    const bytes = NULL_BODY_STATUSES.has(answer.statusCode) ? Buffer.alloc(0) : Buffer.concat(chunks);
    return new BufferedResponse(answer.statusCode, answer.headers, bytes) as unknown as Response;
  }) as typeof fetch;

  return { fetch: poolFetch, close: () => pool.close() };
}

/** The core client sends a plain object; anything else (Headers, pairs) is converted. */
function plainHeaders(headers: HeadersInit | undefined): Record<string, string> {
  if (headers === undefined) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers));
  return headers as Record<string, string>;
}

/**
 * The part of Response that the core HTTP client and the cookie jar read (ok, status, statusText,
 * headers, text, json, arrayBuffer), over a body that is already in memory.
 */
export class BufferedResponse {
  readonly ok: boolean;
  readonly statusText = '';
  private parsedHeaders: Headers | undefined;

  constructor(
    readonly status: number,
    private readonly rawHeaders: Record<string, string | string[] | undefined>,
    private readonly bytes: Buffer,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  get headers(): Headers {
    if (!this.parsedHeaders) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(this.rawHeaders)) {
        if (Array.isArray(value)) for (const item of value) headers.append(name, item);
        else if (value !== undefined) headers.set(name, value);
      }
      this.parsedHeaders = headers;
    }
    return this.parsedHeaders;
  }

  async text(): Promise<string> {
    return this.bytes.toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.bytes.toString('utf8'));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return new Uint8Array(this.bytes).buffer;
  }
}
