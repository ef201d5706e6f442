import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { type SessionContext, RealtimeSession } from './session.js';

export interface WireServer {
  /**
   * Takes over an HTTP upgrade to `/.ws` (the SDK's `/.ws?v=5&ns=NAME`) and returns true; returns
   * false for any other path so the caller can hand it to someone else (socket.io, ...).
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Listens for upgrades on an HTTP server; returns the detach function. */
  attach(server: Server): () => void;
  /** Applies every pending onDisconnect, then drops all connections. */
  close(): Promise<void>;
  /** Rechecks every connection's sign-in now (another node ended sessions), not at the next round. */
  recheckSignIns(): void;
}

export const WIRE_PATH = '/.ws';
/** How often open connections' sign-ins are rechecked (requests are checked as they come). */
export const AUTH_RECHECK_MS = 2000;

/** The firebase Realtime Database wire server (WebSocket transport only; no long-polling). */
export function createWireServer(options: SessionContext & { namespace: string }): WireServer {
  const { namespace, ...context } = options;
  // One SDK frame is at most 16 KB; larger messages come as several frames (see frames.ts).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const sessions = new Set<RealtimeSession>();
  const unsubscribe = context.store.onChange((change) => {
    for (const session of sessions) session.onStoreChange(change);
  });
  // Connections that only listen send nothing: their sign-in is rechecked every few seconds.
  const recheckSignIns = () => {
    for (const session of sessions) {
      session.revokeAuthIfEnded().catch((error: unknown) => console.error('realtime sign-in recheck failed', error));
    }
  };
  const authCheck = context.isAuthLive ? setInterval(recheckSignIns, AUTH_RECHECK_MS) : undefined;
  authCheck?.unref();

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== WIRE_PATH) return false;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new RealtimeSession(ws, context, randomUUID());
      const requested = url.searchParams.get('ns');
      if (requested !== namespace) {
        session.shutdown(`This server holds the database "${namespace}", not "${requested ?? ''}" (set ns=${namespace})`);
        return;
      }
      sessions.add(session);
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        session.receiveFrame(data.toString());
      });
      ws.on('close', () => {
        sessions.delete(session);
        void session.runOnDisconnect();
      });
      ws.on('error', () => ws.terminate());
      session.hello(req.headers.host ?? `localhost`);
    });
    return true;
  }

  return {
    handleUpgrade,
    recheckSignIns: () => {
      if (context.isAuthLive) recheckSignIns();
    },
    attach(server) {
      const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        handleUpgrade(req, socket, head);
      };
      server.on('upgrade', listener);
      return () => server.off('upgrade', listener);
    },
    async close() {
      unsubscribe();
      clearInterval(authCheck);
      const leaving = [...sessions];
      sessions.clear();
      await Promise.all(leaving.map((session) => session.runOnDisconnect()));
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
