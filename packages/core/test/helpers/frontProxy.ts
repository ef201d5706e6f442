import { createServer, request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FrontProxy {
  url: string;
  /** Requests that came through, as `METHOD path` ("UPGRADE path" for WebSocket upgrades). */
  seen: string[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of the cloud, as a site's network may have one: it forwards every request,
 * and WebSocket upgrades as `upgrades` says: forwarded, refused (403), or swallowed (never answered).
 */
export async function startFrontProxy(target: string, options: { upgrades?: 'forward' | 'refuse' | 'hang' } = {}): Promise<FrontProxy> {
  const upstream = new URL(target);
  const seen: string[] = [];
  const tunnels = new Set<{ destroy(): void }>();
  const server = createServer((incoming, outgoing) => {
    seen.push(`${incoming.method} ${incoming.url}`);
    const forward = request({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  server.on('upgrade', (incoming: IncomingMessage, socket, head) => {
    seen.push(`UPGRADE ${incoming.url}`);
    if (options.upgrades === 'refuse') {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    if (options.upgrades === 'hang') {
      tunnels.add(socket);
      return;
    }
    const upstreamSocket = connect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries(incoming.headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item}`));
      upstreamSocket.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
    });
    tunnels.add(upstreamSocket).add(socket);
    upstreamSocket.on('error', () => socket.destroy());
    socket.on('error', () => upstreamSocket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const tunnel of tunnels) tunnel.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
