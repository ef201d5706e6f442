import { afterEach, describe, expect, it } from 'vitest';
import { createRealtimeStore, type RealtimeChange, type RealtimeStore } from '../src/realtime/index.js';
import type { Tx } from '../src/storage/transaction.js';
import { openTestDatabase } from './helpers/startCloud.js';

/**
 * atomically({ coalesceWrites }) holds a transaction's writes back and stores them together
 * (pendingWrites.ts). Whatever the order of writes and reads, it must end as the same writes made one by
 * one: the same values, the same reads, the same changes heard in the same order.
 */

const openDatabases: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of openDatabases.splice(0)) await close();
});

async function storeWithChanges(): Promise<{ store: RealtimeStore; heard: RealtimeChange[] }> {
  const { db, close } = await openTestDatabase();
  openDatabases.push(close);
  const store = createRealtimeStore(db);
  const heard: RealtimeChange[] = [];
  store.onChange((change) => heard.push(change));
  return { store, heard };
}

/** A small deterministic generator, so a failing sequence can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Step = { op: 'set'; path: string; value: unknown } | { op: 'update'; path: string; children: Record<string, unknown> } | { op: 'get'; path: string };

/** Paths that nest in every way (a write above, at and below another), values of every shape. */
const PATHS = ['/', '/a', '/a/b', '/a/b/c', '/a/bb', '/a/d', '/e', '/e/f'];
const VALUES: unknown[] = [null, 1, 'text', true, { x: 1 }, { b: { c: 2 }, d: 'deep' }, { f: null, g: [1, 2] }];

function steps(seed: number, count: number): Step[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: count }, (): Step => {
    const roll = next();
    if (roll < 0.2) return { op: 'get', path: pick(PATHS) };
    if (roll < 0.35) return { op: 'update', path: pick(['/', '/a', '/e']), children: { [pick(['b', 'x'])]: pick(VALUES), 'y/z': pick(VALUES) } };
    return { op: 'set', path: pick(PATHS), value: pick(VALUES) };
  });
}

async function perform(store: RealtimeStore, step: Step, tx?: Tx): Promise<unknown> {
  if (step.op === 'get') return store.get(step.path, tx);
  if (step.op === 'set') await store.set(step.path, step.value, tx);
  else await store.update(step.path, step.children, tx);
  return undefined;
}

describe('coalesced realtime writes', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`end as the same writes one by one (sequence ${seed})`, async () => {
      const sequence = steps(seed, 60);
      const alone = await storeWithChanges();
      const aloneReads: unknown[] = [];
      for (const step of sequence) aloneReads.push(await perform(alone.store, step));

      const coalesced = await storeWithChanges();
      const coalescedReads: unknown[] = [];
      await coalesced.store.atomically(async (tx) => {
        for (const step of sequence) coalescedReads.push(await perform(coalesced.store, step, tx));
        // Nothing is heard before the commit.
        expect(coalesced.heard).toEqual([]);
      }, { coalesceWrites: true });

      expect(coalescedReads).toEqual(aloneReads);
      expect(await coalesced.store.get('/')).toEqual(await alone.store.get('/'));
      expect(coalesced.heard).toEqual(alone.heard);
    });
  }

  it('clears a primitive above a write that a later write in the run deletes again', async () => {
    // One by one: the first write turns the primitive at /a into an object, the second empties it.
    const { store } = await storeWithChanges();
    await store.set('/a', 1);
    await store.atomically(async (tx) => {
      await store.set('/a/b/c', 1, tx);
      await store.set('/a/b', null, tx);
    }, { coalesceWrites: true });
    expect(await store.get('/')).toBeNull();
  });

  it('stores and tells nothing when the transaction fails', async () => {
    const { store, heard } = await storeWithChanges();
    await store.set('/kept', 1);
    heard.length = 0;
    await expect(
      store.atomically(async (tx) => {
        await store.set('/kept', 2, tx);
        await store.set('/other', { a: 1 }, tx);
        throw new Error('changed my mind');
      }, { coalesceWrites: true }),
    ).rejects.toThrow('changed my mind');
    expect(await store.get('/')).toEqual({ kept: 1 });
    expect(heard).toEqual([]);
  });
});
