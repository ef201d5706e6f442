import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

const NOT_SERVED = JSON.stringify({ detail: 'No websocket is served at this path' });

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
    if (served(req)) return;
    socket.end(
      `HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(NOT_SERVED)}\r\nConnection: close\r\n\r\n${NOT_SERVED}`,
    );
  });
}
