import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawConnection, type RealtimeTestServer, rawConnection, rulesWithScratch, startRealtimeServer } from './realtimeHarness.js';

let server: RealtimeTestServer;
let idToken: string;

beforeAll(async () => {
  server = await startRealtimeServer({ rules: rulesWithScratch });
  const response = await fetch(`${server.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: server.customTokenFor('alice'), returnSecureToken: true }),
  });
  idToken = ((await response.json()) as { idToken: string }).idToken;
});

afterAll(async () => {
  await server?.close();
});

async function signedInConnection(): Promise<RawConnection> {
  const connection = rawConnection(server);
  expect((await connection.request('auth', { cred: idToken })).s).toBe('ok');
  return connection;
}

describe('realtime wire protocol edges', () => {
  it('greets with a v5 hello naming the host and a session', async () => {
    const connection = rawConnection(server);
    const hello = await connection.hello;
    expect(hello).toMatchObject({ v: '5', h: `127.0.0.1:${server.port}` });
    expect(typeof hello.s).toBe('string');
    expect(typeof hello.ts).toBe('number');
    connection.close();
  });

  it('answers a put with a stale transaction hash with datastale and leaves the value', async () => {
    const connection = await signedInConnection();
    expect(await connection.request('p', { p: '/scratch/tx', d: 1 })).toEqual({ s: 'ok', d: '' });
    expect((await connection.request('p', { p: '/scratch/tx', d: 2, h: 'not-the-hash' })).s).toBe('datastale');
    expect(await server.realtime.tree.get('/scratch/tx')).toBe(1);
    // The hash of "nothing here" is the empty string.
    expect((await connection.request('p', { p: '/scratch/fresh', d: 'x', h: '' })).s).toBe('ok');
    connection.close();
  });

  it('reassembles a message sent as a frame count and chunks, and ignores keepalives', async () => {
    const connection = await signedInConnection();
    const message = JSON.stringify({ t: 'd', d: { r: 99, a: 'p', b: { p: '/scratch/chunked', d: 'abcdef' } } });
    connection.sendText('0');
    connection.sendText('3');
    connection.sendText(message.slice(0, 10));
    connection.sendText(message.slice(10, 20));
    connection.sendText(message.slice(20));
    await expect.poll(() => server.realtime.tree.get('/scratch/chunked')).toBe('abcdef');
    expect((await connection.request('s', { c: { 'sdk.js.12-0-0': 1 } })).s).toBe('ok');
    connection.close();
  });

  it('sends a listen’s data, tagged for a query, before its ok and pushes later changes', async () => {
    const connection = await signedInConnection();
    await server.realtime.tree.set('/scratch/list', { a: 1, b: 2 });
    const reply = await connection.request('q', { p: '/scratch/list', q: { l: 1, vf: 'l' }, t: 7, h: '' });
    expect(reply).toEqual({ s: 'ok', d: {} });
    expect(connection.received.at(-1)).toEqual({ t: 'd', d: { a: 'd', b: { p: 'scratch/list', d: { a: 1, b: 2 }, t: 7 } } });
    await server.realtime.tree.update('/scratch', { 'list/c': 3 });
    await expect.poll(() => connection.received.at(-1)).toEqual({ t: 'd', d: { a: 'm', b: { p: 'scratch/list', d: { c: 3 }, t: 7 } } });
    await connection.request('n', { p: '/scratch/list', q: { l: 1, vf: 'l' }, t: 7 });
    const count = connection.received.length;
    await server.realtime.tree.set('/scratch/list/d', 4);
    expect((await connection.request('g', { p: '/scratch/list/d', q: {} })).d).toBe(4);
    expect(connection.received.length).toBe(count);
    connection.close();
  });

  it('answers unknown actions, bad paths and bad data with invalid_request, not a crash', async () => {
    const connection = await signedInConnection();
    expect((await connection.request('zz', {})).s).toBe('invalid_request');
    expect((await connection.request('p', { p: '/scratch/bad.key', d: 1 })).s).toBe('invalid_request');
    expect((await connection.request('p', { p: '/scratch/x', d: { 'a$b': 1 } })).s).toBe('invalid_request');
    expect((await connection.request('p', { d: 1 })).s).toBe('invalid_request');
    expect((await connection.request('m', { p: '/scratch', d: 'not an object' })).s).toBe('invalid_request');
    expect((await connection.request('m', { p: '/scratch', d: { a: 1, 'a/b': 2 } })).s).toBe('invalid_request');
    expect((await connection.request('p', { p: '/scratch/x', d: { '.sv': 'bogus' } })).s).toBe('invalid_request');
    expect((await connection.request('auth', {})).s).toBe('invalid_request');
    expect(await connection.request('g', { p: '/scratch/tx', q: {} })).toEqual({ s: 'ok', d: 1 });
    connection.close();
  });

  it('closes a connection that sends malformed JSON', async () => {
    const connection = rawConnection(server);
    await connection.hello;
    connection.sendText('{oops');
    expect((await connection.closed).code).toBe(1008);
  });

  it('shuts down a connection for another namespace', async () => {
    const connection = rawConnection(server, 'someone-else');
    const { code } = await connection.closed;
    expect(code).toBe(1000);
    expect(connection.received).toContainEqual({ t: 'c', d: { t: 's', d: expect.stringContaining('varde-test') } });
  });
});
