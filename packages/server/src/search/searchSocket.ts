import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  SEARCH_RESULT_LIMIT,
  SEARCH_SOCKET_PATH,
  searchText,
  serviceHostName,
  servicePathPrefix,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { visibleSiteScope } from '../controllers/visibleSites.js';
import { HttpError } from '../http/HttpError.js';
import { hostnameOf } from '../http/hostRouting.js';
import { refuseUpgrade } from '../http/upgradeGuard.js';
import { verifyAccessToken } from '../tokens/accessTokens.js';
import { searchSiteTags } from './siteTags.js';

/** Closed with this when the token is missing, bad or expired (the client gets a fresh one). */
export const SEARCH_CLOSE_UNAUTHORIZED = 4401;

export interface SearchSocket {
  close(): void;
}

/** Text (or `{"search": text}`) in, the search text out; undefined when the message is neither. */
function searchTextOf(message: string): string | undefined {
  let text: unknown = message;
  if (message.trimStart().startsWith('{')) {
    try {
      text = (JSON.parse(message) as { search?: unknown }).search;
    } catch {
      return undefined;
    }
  }
  const parsed = searchText.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/** Whether an upgrade request is for the search socket: on the cloud's origin, or at /socket on search.<domain>. */
export function isSearchSocketPath(req: IncomingMessage, domain: string): boolean {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === `${servicePathPrefix('search')}${SEARCH_SOCKET_PATH}`) return true;
  return pathname === SEARCH_SOCKET_PATH && hostnameOf(req.headers.host ?? '') === serviceHostName('search', domain);
}

/**
 * The search host's websocket: `ws(s)://<origin>/cloud/search/socket?token=<search access token>`
 * (or `/socket` on search.<domain>). Each text message is a search over the tags of every site the
 * user may see; the answer is one JSON array of TagSearchRow. A bad message gets `{"detail"}`.
 * The token is checked at the upgrade and again for every message.
 */
export function attachSearchSocket(server: Server, ctx: CloudContext): SearchSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const audience = serviceHostName('search', ctx.config.domain);

  async function serve(ws: WebSocket, token: string): Promise<void> {
    async function answer(data: RawData, isBinary: boolean): Promise<void> {
      try {
        const { uid } = await verifyAccessToken(ctx, token, audience);
        const text = isBinary ? undefined : searchTextOf(data.toString());
        if (text === undefined) {
          ws.send(JSON.stringify({ detail: 'Send the search text (1-200 characters) or {"search": text}' }));
          return;
        }
        const sites = await visibleSiteScope(ctx, uid);
        ws.send(JSON.stringify(await searchSiteTags(ctx.db, sites, text, SEARCH_RESULT_LIMIT)));
      } catch (error) {
        if (error instanceof HttpError) ws.close(SEARCH_CLOSE_UNAUTHORIZED, error.detail);
        else {
          ctx.log.error(error, 'search socket');
          ws.close(1011, 'Search failed');
        }
      }
    }
    // Answered in the order asked: an answer does not name its search, so a slower earlier one must not come last.
    let previous = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      previous = previous.then(() => answer(data, isBinary));
    });
    ws.on('error', () => ws.terminate());
  }

  const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isSearchSocketPath(req, ctx.config.domain)) return;
    const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token') ?? '';
    verifyAccessToken(ctx, token, audience).then(
      () => wss.handleUpgrade(req, socket, head, (ws) => void serve(ws, token)),
      (error: unknown) => refuseUpgrade(socket, 401, error instanceof HttpError ? error.detail : 'Token is invalid'),
    );
  };
  server.on('upgrade', listener);
  return {
    close() {
      server.off('upgrade', listener);
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
