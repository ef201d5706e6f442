import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Answers an upgrade request that will not be served with `status` and a JSON `detail`, and closes it. */
export function refuseUpgrade(socket: Duplex, status: 401 | 404, detail: string): void {
  const body = JSON.stringify({ detail });
  const reason = status === 401 ? 'Unauthorized' : 'Not Found';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/**
 * Guards every upgrade request before the websocket servers see it (the realtime database, the search
 * socket, the controller proxy's socket.io):
 * - its socket gets an error listener at once. Node removes its own when it hands the socket to 'upgrade',
 *   and the search socket checks the token before it takes the socket: a client that reset the connection
 *   meanwhile raised an 'error' nobody listened to, and that ends the process (seen in a browser suite);
 * - an upgrade on a path none of them serves is answered 404 and closed, not left open without an owner.
 */
export function guardUpgrades(server: Server, served: (req: IncomingMessage) => boolean): void {
  server.prependListener('upgrade', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    if (!served(req)) refuseUpgrade(socket, 404, 'No websocket is served at this path');
  });
}
