/**
 * A TCP proxy in front of the reference cloud that can go down and come back: what a widget sees when the
 * cloud (or the network to it) is gone for a while. Everything passes through unchanged (HTTP, WebSocket);
 * `cut()` drops every connection and refuses new ones until `restore()`; `stall()` drops every connection
 * and holds new ones open without an answer (a cloud that hangs) until `restore()`.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface OutageProxy {
  url: string;
  cut(): void;
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startOutageProxy(target: URL): Promise<OutageProxy> {
  const open = new Set<Socket>();
  let down = false;
  let stalled = false;
  // Connections taken while stalled: dropped on restore (as a hung cloud's restart drops them), so clients reconnect.
  const held = new Set<Socket>();
  const server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    if (stalled) {
      held.add(client);
      client.on('error', () => undefined);
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    const pair = [client, upstream];
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        for (const other of pair) other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    stall() {
      stalled = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
      stalled = false;
      for (const socket of held) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open, ...held]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
