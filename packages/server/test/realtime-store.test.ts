import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRealtimeStore, type RealtimeChange } from '../src/realtime/index.js';
import { openDatabase } from '../src/storage/db.js';
import { openTestDatabase } from './helpers/startCloud.js';

const openDirs: string[] = [];
afterEach(() => {
  for (const dir of openDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const openDatabases: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of openDatabases.splice(0)) await close();
});

/** A store on this run's engine (memory SQLite, or PostgreSQL in the server-postgres pass). */
async function memoryStore() {
  const { db, close } = await openTestDatabase();
  openDatabases.push(close);
  return createRealtimeStore(db);
}

describe('realtime store', () => {
  it('reads back nested values at every depth and deletes with null', async () => {
    const store = await memoryStore();
    await store.set('/users/a', { name: 'Ada', language: 'en', controllers: { c1: true, c2: true } });
    expect(await store.get('/users/a/name')).toBe('Ada');
    expect(await store.get('users/a/controllers/')).toEqual({ c1: true, c2: true });
    expect(await store.get('/')).toEqual({ users: { a: { name: 'Ada', language: 'en', controllers: { c1: true, c2: true } } } });
    await store.set('/users/a/controllers/c1', null);
    expect(await store.get('/users/a/controllers')).toEqual({ c2: true });
    await store.set('/users/a', null);
    expect(await store.get('/')).toBeNull();
  });

  it('replaces a primitive by an object and an object by a primitive', async () => {
    const store = await memoryStore();
    await store.set('/a', 5);
    await store.set('/a/b/c', 'x');
    expect(await store.get('/a')).toEqual({ b: { c: 'x' } });
    await store.set('/a', false);
    expect(await store.get('/a')).toBe(false);
    expect(await store.get('/a/b')).toBeNull();
  });

  it('keeps siblings whose keys share a prefix apart from descendants', async () => {
    const store = await memoryStore();
    await store.set('/a', { b: 1 });
    await store.set('/a-b', 2);
    await store.set('/a!', 3);
    await store.set('/a', null);
    expect(await store.get('/')).toEqual({ 'a-b': 2, 'a!': 3 });
  });

  it('an update of hundreds of paths replaces each subtree and the values above it, and nothing beside them', async () => {
    const store = await memoryStore();
    const initial: Record<string, unknown> = {};
    for (let i = 0; i < 450; i += 1) {
      initial[`k${i}`] = { v: i, old: { x: 1 } };
      initial[`k${i}-x`] = 'beside';
      initial[`k${i}!`] = i;
    }
    initial.flat = 5;
    await store.set('/c', initial);
    const children: Record<string, unknown> = { 'flat/now': 'deeper' };
    const expected: Record<string, unknown> = { ...initial, flat: { now: 'deeper' } };
    for (let i = 0; i < 450; i += 1) {
      // Even keys: an object becomes a number (its subtree goes); odd keys: one leaf below changes.
      if (i % 2 === 0) {
        children[`k${i}`] = i * 2;
        expected[`k${i}`] = i * 2;
      } else {
        children[`k${i}/v`] = 'new';
        expected[`k${i}`] = { v: 'new', old: { x: 1 } };
      }
    }
    await store.update('/c', children);
    expect(await store.get('/c')).toEqual(expected);
  });

  it('reads several paths in one go, each as get reads it: nested, overlapping, missing and the root', async () => {
    const store = await memoryStore();
    await store.set('/users/a', { name: 'Ada', controllers: { c1: true } });
    await store.set('/users/ab', { name: 'Abe' });
    await store.set('/users/a!', 7);
    const paths = ['/users/a/name', '/users/a', 'users/a/controllers/', '/users/a/phone', '/users/ab/name', '/'];
    const expected = await Promise.all(paths.map((path) => store.get(path)));
    expect(await store.getMany(paths)).toEqual(expected);
    expect(expected.slice(0, 5)).toEqual(['Ada', { name: 'Ada', controllers: { c1: true } }, { c1: true }, null, 'Abe']);
    expect(await store.getMany([])).toEqual([]);
    // Past 32 paths PostgreSQL reads them as joined ranges (realtime/readLeaves.ts): the same answers.
    const many = [...paths, ...Array.from({ length: 40 }, (_, i) => `/users/x${i}/name`), ...paths];
    const answers = await store.getMany(many);
    expect(answers.slice(0, paths.length)).toEqual(expected);
    expect(answers.slice(paths.length, paths.length + 40)).toEqual(Array(40).fill(null));
    expect(answers.slice(paths.length + 40)).toEqual(expected);
  });

  it('merges slash-path children atomically and reports one merge change', async () => {
    const store = await memoryStore();
    const changes: RealtimeChange[] = [];
    store.onChange((change) => changes.push(change));
    await store.set('/u', { keep: 1, drop: 2, deep: { x: 1 } });
    await store.update('/u', { drop: null, 'deep/y': 2, 'new/z': { w: true } });
    expect(await store.get('/u')).toEqual({ keep: 1, deep: { x: 1, y: 2 }, new: { z: { w: true } } });
    expect(changes[1]).toEqual({ kind: 'merge', path: '/u', children: { drop: null, 'deep/y': 2, 'new/z': { w: true } } });
  });

  it('rejects overlapping update paths, bad keys and unstorable values without writing', async () => {
    const store = await memoryStore();
    await store.set('/a', 1);
    await expect(store.update('/', { a: 2, 'a/b': 3 })).rejects.toThrow(/overlap/);
    await expect(store.set('/bad.key', 1)).rejects.toThrow(/Invalid key/);
    await expect(store.set('/a', { 'x#': 1 })).rejects.toThrow(/Invalid key/);
    await expect(store.set('/a', Number.NaN)).rejects.toThrow(/Invalid number/);
    expect(await store.get('/a')).toBe(1);
  });

  it('normalizes arrays, empty objects and priorities the way the SDK caches them', async () => {
    const store = await memoryStore();
    await store.set('/list', ['a', 'b']);
    await store.set('/empty', { nothing: {} });
    await store.set('/p', { '.value': 3, '.priority': 1 });
    expect(await store.get('/')).toEqual({ list: { 0: 'a', 1: 'b' }, p: 3 });
  });

  it('holds a 100 KB value and thousands of paths', async () => {
    const store = await memoryStore();
    const big = 'x'.repeat(100 * 1024);
    await store.set('/big', big);
    const many: Record<string, number> = {};
    for (let i = 0; i < 5000; i += 1) many[`k${i}`] = i;
    await store.set('/many', many);
    expect(await store.get('/big')).toBe(big);
    expect(Object.keys((await store.get('/many')) as object)).toHaveLength(5000);
    expect(await store.get('/many/k4999')).toBe(4999);
  });

  it('keeps committed writes across a reopen of the database file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varde-realtime-'));
    openDirs.push(dir);
    const first = await openDatabase({ kind: 'directory', dir });
    await createRealtimeStore(first).set('/statusMessage/site', { text: 'hello' });
    await first.destroy();
    const second = await openDatabase({ kind: 'directory', dir });
    expect(await createRealtimeStore(second).get('/statusMessage')).toEqual({ site: { text: 'hello' } });
    await second.destroy();
  });
});
