import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/**
 * Upgrade requests as an attacker (or a closing browser tab) sends them: reset while the search socket
 * still checks the token, and on paths no websocket is served at. The cloud stays up and answers.
 */
let cloud: Cloud;
let port: number;

beforeAll(async () => {
  cloud = await startCloud();
  port = Number(new URL(cloud.url).port);
});
afterAll(() => cloud?.close());

function upgradeRequest(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;
}

function opened(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the cloud sends until it closes the connection. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
  });
}

describe('upgrade requests', () => {
  it('a connection reset while the search socket checks its token does not stop the cloud', async () => {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const socket = await opened();
      socket.on('error', () => undefined);
      socket.write(upgradeRequest(`/cloud/search/socket?token=not-a-token-${attempt}`));
      // A TCP reset, not a close: the cloud's socket gets ECONNRESET while it is still unowned.
      await new Promise((resolve) => setTimeout(resolve, attempt % 4));
      socket.resetAndDestroy();
    }
    const answer = await fetch(`${cloud.url}/cloud/outbox/messages`);
    expect(answer.status).toBe(200);
  });

  it('an upgrade on a path no websocket is served at gets 404 and is closed', async () => {
    for (const path of ['/cloud/alarms/alarms', '/nowhere', '/socket.io-not/']) {
      const socket = await opened();
      const answer = answerOf(socket);
      socket.write(upgradeRequest(path));
      const text = await answer;
      expect(text, path).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
      expect(text).toContain('"detail":"No websocket is served at this path"');
    }
  });
});
