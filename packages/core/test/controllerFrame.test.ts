import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ControllerFrameLoginError,
  NetworkError,
  controllerFrameUrl,
  dashboardFrameHeight,
  openPortalIdSession,
  portalIdFromPayload,
  socketTarget,
} from '@varde/core';

/**
 * The controller frame's portal-id exchange against a real socket.io server that speaks the
 * protocol under a path prefix, as the reference cloud serves its proxy.
 */
const PREFIX = '/cloud/controller-proxy';
const GOOD_TOKEN = 'firebase-id-token-of-a-user';

interface ScriptedProxy {
  url: string;
  received: { event: string; payload: unknown }[];
  connections(): number;
  close(): Promise<void>;
}

async function startProxy(answer: 'portal-id' | 'object' | 'empty' = 'portal-id'): Promise<ScriptedProxy> {
  const http = createServer();
  const io = new Server(http, { path: `${PREFIX}/socket.io` });
  const received: ScriptedProxy['received'] = [];
  io.on('connection', (socket) => {
    socket.on('login_firebase', (payload: { firebaseToken?: string; type?: string }) => {
      received.push({ event: 'login_firebase', payload });
      if (payload?.firebaseToken === GOOD_TOKEN && payload.type === 'portal') socket.emit('login_loggedIn');
      else socket.emit('login_error', 'invalid token');
    });
    socket.on('loginToken_get', () => {
      received.push({ event: 'loginToken_get', payload: undefined });
      if (answer === 'portal-id') socket.emit('loginToken_loginToken', 'portal-42');
      else if (answer === 'object') socket.emit('loginToken_loginToken', { loginToken: 'portal-43' });
      else socket.emit('loginToken_loginToken', '');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    received,
    connections: () => io.engine.clientsCount,
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}

let proxy: ScriptedProxy | null = null;
afterEach(async () => {
  await proxy?.close();
  proxy = null;
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('openPortalIdSession', () => {
  it('logs in with the firebase token as a portal and receives the portal id', async () => {
    proxy = await startProxy();
    const session = await openPortalIdSession({ proxyUrl: proxy.url, firebaseToken: GOOD_TOKEN });
    expect(session.portalId).toBe('portal-42');
    expect(proxy.received).toEqual([
      { event: 'login_firebase', payload: { firebaseToken: GOOD_TOKEN, type: 'portal' } },
      { event: 'loginToken_get', payload: undefined },
    ]);
    // The socket stays open while the frame is shown, and closes when asked.
    expect(proxy.connections()).toBe(1);
    session.close();
    await until(() => proxy!.connections() === 0);
  });

  it('accepts the portal id inside an object', async () => {
    proxy = await startProxy('object');
    const session = await openPortalIdSession({ proxyUrl: proxy.url, firebaseToken: GOOD_TOKEN });
    expect(session.portalId).toBe('portal-43');
    session.close();
  });

  it('rejects with "Failed to login" on login_error and closes the socket', async () => {
    proxy = await startProxy();
    const failure = openPortalIdSession({ proxyUrl: proxy.url, firebaseToken: 'not-a-token' });
    await expect(failure).rejects.toBeInstanceOf(ControllerFrameLoginError);
    await expect(failure).rejects.toThrow('Failed to login');
    await until(() => proxy!.connections() === 0);
  });

  it('rejects an empty portal id as a failed login', async () => {
    proxy = await startProxy('empty');
    await expect(openPortalIdSession({ proxyUrl: proxy.url, firebaseToken: GOOD_TOKEN })).rejects.toBeInstanceOf(
      ControllerFrameLoginError,
    );
  });

  it('rejects with a NetworkError when nothing listens', async () => {
    proxy = await startProxy();
    const url = proxy.url;
    await proxy.close();
    proxy = null;
    await expect(openPortalIdSession({ proxyUrl: url, firebaseToken: GOOD_TOKEN })).rejects.toBeInstanceOf(NetworkError);
  });

  it('stops when the caller aborts', async () => {
    proxy = await startProxy();
    const controller = new AbortController();
    controller.abort(new Error('left the page'));
    await expect(
      openPortalIdSession({ proxyUrl: proxy.url, firebaseToken: GOOD_TOKEN, signal: controller.signal }),
    ).rejects.toThrow('left the page');
  });
});

describe('controller frame helpers', () => {
  it('reaches a proxy under a path prefix through the engine path', () => {
    expect(socketTarget('http://localhost:8080/cloud/controller-proxy/')).toEqual({
      origin: 'http://localhost:8080',
      path: '/cloud/controller-proxy/socket.io',
    });
    expect(socketTarget('https://controller-proxy.varde.cloud')).toEqual({
      origin: 'https://controller-proxy.varde.cloud',
      path: '/socket.io',
    });
  });

  it('reads the portal id from a string or an object', () => {
    expect(portalIdFromPayload(' abc ')).toBe('abc');
    expect(portalIdFromPayload({ portalId: 'p1' })).toBe('p1');
    expect(portalIdFromPayload({ token: 't1' })).toBe('t1');
    expect(portalIdFromPayload({})).toBeNull();
    expect(portalIdFromPayload(42)).toBeNull();
  });

  it('builds the frame link and its height', () => {
    expect(controllerFrameUrl('http://x/cloud/controller-proxy/', 'a b')).toBe('http://x/cloud/controller-proxy/portal/a%20b');
    expect(dashboardFrameHeight(900)).toBe(720);
    expect(dashboardFrameHeight(100)).toBe(0);
  });
});
