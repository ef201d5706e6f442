import { SEARCH_SOCKET_PATH, searchTagsResponse, tagSearchRows, type TagSearchRow } from '../contract/search.js';
import type { HttpClient } from '../http/createHttpClient.js';

/** GET {search}/tags?q=: the REST form of the search (CLI, scripts). */
export async function searchTags(http: HttpClient, text: string, options: { limit?: number; signal?: AbortSignal } = {}): Promise<TagSearchRow[]> {
  const answer = await http.request('search', '/tags', {
    query: { q: text, limit: options.limit },
    schema: searchTagsResponse,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return answer.data;
}

/** `http(s)://host/base` + token -> `ws(s)://host/base/socket?token=…`. */
export function searchSocketUrl(searchBaseUrl: string, token: string): string {
  const url = new URL(`${searchBaseUrl.replace(/\/+$/, '')}${SEARCH_SOCKET_PATH}`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

/** Search host reconnect delay after a close (core-shell §4, §9). */
export const SEARCH_RECONNECT_MS = 5000;

/** The subset of the WebSocket API used here (browsers' WebSocket, or `ws` in Node). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface SearchSocketOptions {
  /** The search service's base URL (settings.services.search). */
  baseUrl: string;
  /** The search service's access token, read at each (re)connect; null = wait for a sign-in. */
  token: () => string | null;
  onRows: (rows: TagSearchRow[]) => void;
  onStatus?: (status: 'connecting' | 'open' | 'closed') => void;
  WebSocket?: WebSocketConstructor;
  reconnectMs?: number;
}

export interface SearchSocket {
  /** Sends the text now, or as soon as the socket is open. */
  search(text: string): void;
  readonly open: boolean;
  close(): void;
}

/**
 * The search host's websocket (token in the query). Each text sent comes back as JSON rows.
 * After any close it reconnects 5 s later, with a fresh token, until closed by the caller.
 */
export function openSearchSocket(options: SearchSocketOptions): SearchSocket {
  const found = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!found) throw new Error('No WebSocket implementation: pass options.WebSocket');
  const Impl: WebSocketConstructor = found;
  const reconnectMs = options.reconnectMs ?? SEARCH_RECONNECT_MS;
  let socket: WebSocketLike | null = null;
  let pending: string | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  function scheduleReconnect(): void {
    options.onStatus?.('closed');
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, reconnectMs);
  }

  function connect(): void {
    if (closed) return;
    const token = options.token();
    if (!token) return scheduleReconnect();
    options.onStatus?.('connecting');
    const ws = new Impl(searchSocketUrl(options.baseUrl, token));
    socket = ws;
    ws.onopen = () => {
      options.onStatus?.('open');
      if (pending !== null) {
        ws.send(pending);
        pending = null;
      }
    };
    ws.onmessage = (event) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const rows = tagSearchRows.safeParse(parsed);
      if (rows.success) options.onRows(rows.data);
    };
    ws.onerror = () => undefined; // a close follows
    ws.onclose = () => {
      if (socket === ws) socket = null;
      scheduleReconnect();
    };
  }

  connect();
  return {
    search(text) {
      if (socket && socket.readyState === 1) socket.send(text);
      else pending = text;
    },
    get open() {
      return socket?.readyState === 1;
    },
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      socket?.close();
      socket = null;
    },
  };
}
