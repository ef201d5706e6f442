import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Db } from '../src/storage/db.js';
import { openTestDatabase } from './helpers/startCloud.js';
import { FULL_BATCH, createWriteBatcher } from '../src/users/writeBatcher.js';
import { createRealtimeStore } from '../src/realtime/index.js';
import type { Tx } from '../src/storage/transaction.js';
import { insertWithCommit } from '../src/storage/deferredInserts.js';

/** The users service's group commit: one transaction per batch, a failing write undone alone. */
let db: Db;
let closeDatabase: () => Promise<void>;

beforeEach(async () => {
  ({ db, close: closeDatabase } = await openTestDatabase());
});
afterEach(async () => {
  await closeDatabase();
});

const keys = async () =>
  ((await db.selectFrom('used_id_tokens').select('hash').orderBy('hash').execute()) as { hash: string }[]).map((row) => row.hash);

test('writes of one batch commit together; a failing one is rolled back alone, and its hooks never run', async () => {
  const batcher = createWriteBatcher(db);
  const hooksRun: string[] = [];
  const write = (key: string, fail?: 'throw' | 'duplicate') =>
    batcher.run(async (tx) => {
      await tx.db.insertInto('used_id_tokens').values({ hash: key, expires_at: 1 }).execute();
      tx.afterCommit(() => hooksRun.push(key));
      // A statement the database refuses (a duplicate key) must not spoil the batch either.
      if (fail === 'duplicate') await tx.db.insertInto('used_id_tokens').values({ hash: key, expires_at: 1 }).execute();
      if (fail === 'throw') throw new Error(`write ${key} refused`);
      return key;
    });

  const outcomes = await Promise.allSettled([write('a'), write('b', 'throw'), write('c', 'duplicate'), write('d')]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
  expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('write b refused'));
  expect(await keys()).toEqual(['a', 'd']);
  expect(hooksRun).toEqual(['a', 'd']);
});

test('a write that arrives while a batch is committing waits for the next batch, and is answered too', async () => {
  const batcher = createWriteBatcher(db);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const order: string[] = [];
  const first = batcher.run(async (tx) => {
    await tx.db.insertInto('used_id_tokens').values({ hash: 'first', expires_at: 1 }).execute();
    await gate;
    order.push('first');
  });
  await new Promise((resolve) => setImmediate(resolve));
  const second = batcher.run(async (tx) => {
    await tx.db.insertInto('used_id_tokens').values({ hash: 'second', expires_at: 1 }).execute();
    order.push('second');
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(order).toEqual([]);
  release();
  await Promise.all([first, second]);
  expect(order).toEqual(['first', 'second']);
  expect(await keys()).toEqual(['first', 'second']);
});

test('writes run once while none fails; a failing one has its batch run again in savepoints, as has the batch after it', async () => {
  const batcher = createWriteBatcher(db);
  const runs = new Map<string, number>();
  const hooksRun: string[] = [];
  const write = (key: string, fail = false) =>
    batcher.run(async (tx) => {
      runs.set(key, (runs.get(key) ?? 0) + 1);
      await tx.db.insertInto('used_id_tokens').values({ hash: key, expires_at: 1 }).execute();
      tx.afterCommit(() => hooksRun.push(key));
      if (fail) throw new Error(`write ${key} refused`);
    });
  const batch = (...writes: Array<Promise<void>>) => Promise.allSettled(writes);

  // a runs, b fails: rolled back; then a, b and c each in a savepoint.
  await batch(write('a'), write('b', true), write('c'));
  // The batch after a failing one starts with savepoints (and fails again: so does the next).
  await batch(write('d'), write('e', true));
  await batch(write('f'), write('g'));
  // That one went through: the next runs without savepoints again, and again a failure reruns it.
  await batch(write('h'), write('i', true));

  expect(Object.fromEntries(runs)).toEqual({ a: 2, b: 2, c: 1, d: 1, e: 1, f: 1, g: 1, h: 2, i: 2 });
  expect(await keys()).toEqual(['a', 'c', 'd', 'f', 'g', 'h']);
  expect(hooksRun).toEqual(['a', 'c', 'd', 'f', 'g', 'h']);
});

test('realtime writes of a batch are held back and stored together; one undone alone takes its changes with it', async () => {
  const store = createRealtimeStore(db);
  const heard: string[] = [];
  store.onChange((change) => heard.push(change.path));
  const batcher = createWriteBatcher(db);
  const storedRows = async (tx: Tx) => (await tx.db.selectFrom('realtime_leaves').select('path').execute()).length;
  const rowsWhenWritten: Record<string, number> = {};
  const write = (key: string, fail = false) =>
    batcher.run(async (tx) => {
      await store.set(`/held/${key}`, { key }, tx);
      rowsWhenWritten[key] ??= await storedRows(tx);
      // A read through the store sees the writes held so far.
      expect(await store.get('/held', tx)).toMatchObject({ [key]: { key } });
      if (fail) throw new Error(`write ${key} refused`);
    });

  await Promise.all([write('a'), write('b')]);
  // Nothing was in the table while the batch ran without savepoints (b's read stored what was held).
  expect(rowsWhenWritten).toEqual({ a: 0, b: 1 });
  expect(await store.get('/held')).toEqual({ a: { key: 'a' }, b: { key: 'b' } });
  expect(heard).toEqual(['/held/a', '/held/b']);

  const outcomes = await Promise.allSettled([write('c'), write('d', true), write('e')]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(Object.keys((await store.get('/held')) as object).sort()).toEqual(['a', 'b', 'c', 'e']);
  expect(heard).toEqual(['/held/a', '/held/b', '/held/c', '/held/e']);
});

test('rows a create holds back wait for the commit; a write that is not a create reads them; a taken key fails its own write alone', async () => {
  await db.insertInto('used_id_tokens').values({ hash: 'taken', expires_at: 1 }).execute();
  const batcher = createWriteBatcher(db);
  const runs = new Map<string, number>();
  const rowsWhenAdded: Record<string, string[]> = {};
  const tableIn = async (tx: Tx) => ((await tx.db.selectFrom('used_id_tokens').select('hash').orderBy('hash').execute()) as { hash: string }[]).map((row) => row.hash);
  const add = (key: string) =>
    batcher.run(
      async (tx) => {
        runs.set(key, (runs.get(key) ?? 0) + 1);
        await insertWithCommit(tx, 'used_id_tokens', { hash: key, expires_at: 1 });
        rowsWhenAdded[key] ??= await tableIn(tx);
        return key;
      },
      { addsOnly: true },
    );
  const read = () => batcher.run((tx) => tableIn(tx));

  // Creates hold their rows back; the read between them first stores what waits, so it sees a.
  const [a, seen, b] = await Promise.all([add('a'), read(), add('b')]);
  expect([a, b]).toEqual(['a', 'b']);
  expect(rowsWhenAdded).toEqual({ a: ['taken'], b: ['a', 'taken'] });
  expect(seen).toEqual(['a', 'taken']);
  expect(Object.fromEntries(runs)).toEqual({ a: 1, b: 1 });

  // A held row that breaks the unique key fails the batch's INSERT: the batch runs again with each
  // write alone, and only that write fails, with the database's refusal.
  const outcomes = await Promise.allSettled([add('c'), add('taken'), add('d')]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(Object.fromEntries(runs)).toMatchObject({ c: 2, taken: 2, d: 2 });
  // So does a lone create whose held row is refused at the commit (its caller learns why, not a retry).
  runs.clear();
  const alone = await Promise.allSettled([add('taken')]);
  expect(alone[0]!.status).toBe('rejected');
  expect(String((alone[0] as PromiseRejectedResult).reason)).toMatch(/unique|duplicate/i);
  expect(runs.get('taken')).toBe(2);
  expect(await keys()).toEqual(['a', 'b', 'c', 'd', 'taken']);
});

test('while writes come several at a time, a batch waits a moment for the next ones; a full batch does not', async () => {
  const batcher = createWriteBatcher(db);
  const batchOf = new Map<string, unknown>();
  // Each write notes its batch: the deferred state is one per batch's transaction.
  const write = (key: string) => batcher.run(async (tx) => void batchOf.set(key, tx.deferred?.state));
  await Promise.all([write('a'), write('b')]);
  expect(batchOf.get('a')).toBe(batchOf.get('b'));

  // After a batch of two, c waits for d, which comes a millisecond later (before the wait ends).
  const c = write('c');
  const d = new Promise<void>((resolve) => setTimeout(() => resolve(write('d')), 1));
  await Promise.all([c, d]);
  expect(batchOf.get('c')).toBe(batchOf.get('d'));
  expect(batchOf.get('c')).not.toBe(batchOf.get('a'));

  // Sixteen ready start at once: the seventeenth, a moment later, is the next batch's.
  const full = Array.from({ length: FULL_BATCH }, (_, index) => write(`full${index}`));
  const late = new Promise<void>((resolve) => setTimeout(() => resolve(write('late')), 1));
  await Promise.all([...full, late]);
  expect(new Set(Array.from({ length: FULL_BATCH }, (_, index) => batchOf.get(`full${index}`))).size).toBe(1);
  expect(batchOf.get('late')).not.toBe(batchOf.get('full0'));
});
