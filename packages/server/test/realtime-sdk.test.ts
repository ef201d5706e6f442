import {
  endBefore,
  equalTo,
  get,
  increment,
  limitToFirst,
  limitToLast,
  orderByChild,
  orderByKey,
  orderByValue,
  query,
  startAfter,
  startAt,
  onDisconnect,
  onValue,
  ref,
  remove,
  runTransaction,
  serverTimestamp,
  set,
  update,
  goOffline,
  type Database,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RealtimeTestServer,
  type TestClient,
  connectClient,
  nextValue,
  rulesWithScratch,
  startRealtimeServer,
} from './realtimeHarness.js';

// A fixed server time (near the real one, so minted tokens look fresh to the SDK).
const SERVER_NOW = Date.now();

let server: RealtimeTestServer;
let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  server = await startRealtimeServer({ rules: rulesWithScratch, clock: { now: () => SERVER_NOW } });
  alice = await connectClient(server, 'alice');
  bob = await connectClient(server, 'bob');
});

afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await server?.close();
});

function valueAt(client: TestClient, path: string, accept: (value: unknown) => boolean) {
  return nextValue((onData, onCancel) =>
    onValue(ref(client.db, path), (snapshot) => onData(snapshot.val()), onCancel),
  accept);
}

describe('realtime database through the firebase SDK', () => {
  it('carries set, get and onValue between two clients', async () => {
    const seen = valueAt(bob, 'scratch/greeting', (value) => value !== null);
    await set(ref(alice.db, 'scratch/greeting'), { text: 'hei', count: 1 });
    expect(await seen).toEqual({ text: 'hei', count: 1 });
    expect((await get(ref(bob.db, 'scratch/greeting/text'))).val()).toBe('hei');
    expect(await server.realtime.tree.get('/scratch/greeting')).toEqual({ text: 'hei', count: 1 });
  });

  it('applies update with slash-path keys and deletes', async () => {
    await set(ref(alice.db, 'scratch/site'), { name: 'Bergen', tags: { a: 1, b: 2 } });
    const seen = valueAt(bob, 'scratch/site', (value) => (value as { tags?: { c?: number } })?.tags?.c === 3);
    await update(ref(alice.db, 'scratch/site'), { 'tags/b': null, 'tags/c': 3, name: 'Bergen sentrum' });
    expect(await seen).toEqual({ name: 'Bergen sentrum', tags: { a: 1, c: 3 } });

    const gone = valueAt(bob, 'scratch/site', (value) => value === null);
    await remove(ref(alice.db, 'scratch/site'));
    expect(await gone).toBeNull();
    expect(await server.realtime.tree.get('/scratch/site')).toBeNull();
  });

  it('lets contending transactions from two clients all count', async () => {
    await set(ref(alice.db, 'scratch/counter'), 0);
    const increments = Array.from({ length: 30 }, (_, index) =>
      runTransaction(ref(index % 2 === 0 ? alice.db : bob.db, 'scratch/counter'), (current) => ((current as number | null) ?? 0) + 1),
    );
    const results = await Promise.all(increments);
    expect(results.every((result) => result.committed)).toBe(true);
    expect(await server.realtime.tree.get('/scratch/counter')).toBe(30);
    expect((await get(ref(bob.db, 'scratch/counter'))).val()).toBe(30);
  });

  it('resolves serverTimestamp and increment on the server', async () => {
    await set(ref(alice.db, 'scratch/stamps'), { at: serverTimestamp(), hits: 5 });
    await update(ref(bob.db, 'scratch/stamps'), { hits: increment(2) });
    expect(await server.realtime.tree.get('/scratch/stamps')).toEqual({ at: SERVER_NOW, hits: 7 });
    const seen = await valueAt(alice, 'scratch/stamps', (value) => (value as { hits?: number })?.hits === 7);
    expect(seen).toEqual({ at: SERVER_NOW, hits: 7 });
  });

  it('runs onDisconnect writes when a client goes away, except cancelled ones', async () => {
    const carol = await connectClient(server, 'carol');
    await set(ref(carol.db, 'scratch/presence/carol'), { online: true, note: 'here' });
    await onDisconnect(ref(carol.db, 'scratch/presence/carol/online')).set(false);
    await onDisconnect(ref(carol.db, 'scratch/presence/carol')).update({ lastSeen: serverTimestamp() });
    await onDisconnect(ref(carol.db, 'scratch/presence/carol/note')).remove();
    await onDisconnect(ref(carol.db, 'scratch/presence/carol/note')).cancel();
    const offline = valueAt(alice, 'scratch/presence/carol', (value) => (value as { lastSeen?: number })?.lastSeen !== undefined);
    goOffline(carol.db);
    expect(await offline).toEqual({ online: false, note: 'here', lastSeen: SERVER_NOW });
    await carol.close();
  });

  it('pushes a server-side tree write to a subscribed client', async () => {
    const seen = valueAt(alice, 'scratch/fromServer', (value) => value !== null);
    await server.realtime.tree.set('/scratch/fromServer', { by: 'cloud' });
    expect(await seen).toEqual({ by: 'cloud' });
    const merged = valueAt(alice, 'scratch/fromServer', (value) => (value as { n?: number })?.n === 1);
    await server.realtime.tree.update('/scratch', { 'fromServer/n': 1 });
    expect(await merged).toEqual({ by: 'cloud', n: 1 });
  });

  it('carries a 100 KB value both ways (chunked client frames)', async () => {
    const big = 'ø'.repeat(100 * 1024);
    const seen = valueAt(bob, 'scratch/big', (value) => typeof value === 'string');
    await set(ref(alice.db, 'scratch/big'), big);
    expect(await seen).toBe(big);
    expect(await server.realtime.tree.get('/scratch/big')).toBe(big);
  });

  it('works with databaseURL ws://host:port?ns=NAME', async () => {
    const dave = await connectClient(server, 'dave', { wsUrl: true });
    await set(ref(dave.db, 'scratch/viaWsUrl'), 'yes');
    expect((await get(ref(alice.db, 'scratch/viaWsUrl'))).val()).toBe('yes');
    await dave.close();
  });

  it('answers query gets like the SDK’s own filtering of a listen', async () => {
    await server.realtime.tree.set('/scratch/items', { a: { n: 3 }, b: { n: 1 }, c: { n: 2 }, d: { n: 5 }, e: { x: 1 } });
    await server.realtime.tree.set('/scratch/scores', { k1: 10, k2: 'text', k3: true, k4: 7 });
    // Gets go through bob, who listens nowhere (an active listen would answer a get from its cache);
    // the same queries are listened to by alice, whose SDK filters on its own.
    const queriesOn = (db: Database) => {
      const items = ref(db, 'scratch/items');
      const scores = ref(db, 'scratch/scores');
      return [
        query(items, limitToFirst(2)),
        query(items, orderByChild('n'), limitToLast(2)),
        query(items, orderByChild('n'), startAt(2)),
        query(items, orderByChild('n'), startAfter(2), endBefore(5)),
        query(items, orderByChild('n'), equalTo(null)),
        query(items, orderByKey(), startAt('b'), limitToFirst(2)),
        query(scores, orderByValue(), limitToFirst(3)),
        query(scores, orderByValue(), startAt(8)),
      ];
    };
    const listened = queriesOn(alice.db);
    for (const [index, filtered] of queriesOn(bob.db).entries()) {
      const viaGet = (await get(filtered)).val();
      const viaListen = await nextValue((onData, onCancel) => onValue(listened[index]!, (snapshot) => onData(snapshot.val()), onCancel));
      expect(viaGet, `query ${index}`).toEqual(viaListen);
    }
    const items = ref(bob.db, 'scratch/items');
    expect((await get(query(items, orderByChild('n'), limitToLast(2)))).val()).toEqual({ a: { n: 3 }, d: { n: 5 } });
  });
});
