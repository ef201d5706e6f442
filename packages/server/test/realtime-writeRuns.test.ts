import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeRules } from '../src/realtime/index.js';
import { type RawConnection, type RealtimeTestServer, rawConnection, startRealtimeServer } from './realtimeHarness.js';
import { valueHash } from '../src/realtime/valueHash.js';

/**
 * Writes a client sends one after another share a transaction (session.ts, runWrites). These send
 * bursts without waiting, so they queue up, and check that each write is still judged and answered as
 * if it had run alone, in order.
 */

/** `/scratch` is writable while the writer's own `/gates/{uid}/open` is true; a user sets their own gate. */
const gatedRules: RealtimeRules = {
  canRead: (auth, keys) => auth !== null && (keys[0] === 'scratch' || (keys[0] === 'gates' && keys[1] === auth.uid)),
  canWrite: (auth, keys, _value, data) => {
    if (auth === null) return false;
    if (keys[0] === 'gates') return keys[1] === auth.uid;
    return keys[0] === 'scratch' && data.get(`/gates/${auth.uid}/open`) === true;
  },
  grantSourcesOf: (auth) => [`/gates/${auth.uid}`],
};

let server: RealtimeTestServer;

beforeAll(async () => {
  server = await startRealtimeServer({ rules: gatedRules });
});

afterAll(async () => {
  await server?.close();
});

async function signedIn(uid: string): Promise<RawConnection> {
  const response = await fetch(`${server.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: server.customTokenFor(uid), returnSecureToken: true }),
  });
  const { idToken } = (await response.json()) as { idToken: string };
  const connection = rawConnection(server);
  expect((await connection.request('auth', { cred: idToken })).s).toBe('ok');
  return connection;
}

const increment = { '.sv': { increment: 1 } };

describe('a burst of writes from one connection', () => {
  it('answers each write in order as if alone: increments add up, bad and denied ones write nothing, hashes see earlier writes', async () => {
    await server.realtime.tree.set('/gates/ann/open', true);
    const writer = await signedIn('ann');
    const listener = await signedIn('ann');
    await listener.request('q', { p: '/scratch/burst', h: '' });
    const heardBefore = listener.received.length;

    const burst: Array<[string, Record<string, unknown>]> = [];
    for (let i = 0; i < 30; i += 1) burst.push(['p', { p: '/scratch/burst/counter', d: increment }]);
    burst.push(['p', { p: '/scratch/burst/bad', d: { 'a$b': 1 } }]);
    burst.push(['p', { p: '/elsewhere/x', d: 1 }]);
    burst.push(['p', { p: '/scratch/burst/text', d: 'first' }]);
    // Its hash is that of the value the write just before it stored, in the same run.
    burst.push(['p', { p: '/scratch/burst/text', d: 'second', h: valueHash('first') }]);
    burst.push(['p', { p: '/scratch/burst/text', d: 'stale', h: valueHash('first') }]);
    burst.push(['m', { p: '/scratch/burst', d: { 'merged/a': 1, 'merged/b': 2 } }]);
    const replies = await Promise.all(burst.map(([action, body]) => writer.request(action, body)));

    expect(replies.map((reply) => reply.s)).toEqual([...Array(30).fill('ok'), 'invalid_request', 'permission_denied', 'ok', 'ok', 'datastale', 'ok']);
    expect(await server.realtime.tree.get('/scratch/burst')).toEqual({ counter: 30, text: 'second', merged: { a: 1, b: 2 } });
    // The listener heard every change, one push each, in the order written.
    await expect.poll(() => listener.received.length - heardBefore).toBe(33);
    const counters = listener.received
      .slice(heardBefore)
      .map((message) => (message.d as { b: { p: string; d: unknown } }).b)
      .filter((push) => push.p === 'scratch/burst/counter')
      .map((push) => push.d);
    expect(counters).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    writer.close();
    listener.close();
  });

  it('judges the writes after one that closes the writer’s own gate by the closed gate', async () => {
    await server.realtime.tree.set('/gates/bo/open', true);
    const writer = await signedIn('bo');
    const replies = await Promise.all([
      writer.request('p', { p: '/scratch/bo/before', d: 1 }),
      writer.request('p', { p: '/scratch/bo/before2', d: 2 }),
      writer.request('p', { p: '/gates/bo/open', d: false }),
      writer.request('p', { p: '/scratch/bo/after', d: 3 }),
      writer.request('m', { p: '/scratch/bo', d: { after2: 4 } }),
    ]);
    expect(replies.map((reply) => reply.s)).toEqual(['ok', 'ok', 'ok', 'permission_denied', 'permission_denied']);
    expect(await server.realtime.tree.get('/scratch/bo')).toEqual({ before: 1, before2: 2 });
    writer.close();
  });

  it('lets the writes after one that opens the gate through', async () => {
    await server.realtime.tree.set('/gates/cy/open', false);
    const writer = await signedIn('cy');
    const replies = await Promise.all([
      writer.request('p', { p: '/scratch/cy/before', d: 1 }),
      writer.request('p', { p: '/gates/cy/open', d: true }),
      writer.request('p', { p: '/scratch/cy/after', d: 2 }),
    ]);
    expect(replies.map((reply) => reply.s)).toEqual(['permission_denied', 'ok', 'ok']);
    expect(await server.realtime.tree.get('/scratch/cy')).toEqual({ after: 2 });
    writer.close();
  });
});
