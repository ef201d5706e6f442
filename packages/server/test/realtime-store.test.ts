import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRealtimeStore, type RealtimeChange } from '../src/realtime/index.js';
import { openDatabase } from '../src/storage/db.js';

const openDirs: string[] = [];
afterEach(() => {
  for (const dir of openDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function memoryStore() {
  return createRealtimeStore(openDatabase({ kind: 'memory' }));
}

describe('realtime store', () => {
  it('reads back nested values at every depth and deletes with null', () => {
    const store = memoryStore();
    store.set('/users/a', { name: 'Ada', language: 'en', controllers: { c1: true, c2: true } });
    expect(store.get('/users/a/name')).toBe('Ada');
    expect(store.get('users/a/controllers/')).toEqual({ c1: true, c2: true });
    expect(store.get('/')).toEqual({ users: { a: { name: 'Ada', language: 'en', controllers: { c1: true, c2: true } } } });
    store.set('/users/a/controllers/c1', null);
    expect(store.get('/users/a/controllers')).toEqual({ c2: true });
    store.set('/users/a', null);
    expect(store.get('/')).toBeNull();
  });

  it('replaces a primitive by an object and an object by a primitive', () => {
    const store = memoryStore();
    store.set('/a', 5);
    store.set('/a/b/c', 'x');
    expect(store.get('/a')).toEqual({ b: { c: 'x' } });
    store.set('/a', false);
    expect(store.get('/a')).toBe(false);
    expect(store.get('/a/b')).toBeNull();
  });

  it('keeps siblings whose keys share a prefix apart from descendants', () => {
    const store = memoryStore();
    store.set('/a', { b: 1 });
    store.set('/a-b', 2);
    store.set('/a!', 3);
    store.set('/a', null);
    expect(store.get('/')).toEqual({ 'a-b': 2, 'a!': 3 });
  });

  it('merges slash-path children atomically and reports one merge change', () => {
    const store = memoryStore();
    const changes: RealtimeChange[] = [];
    store.onChange((change) => changes.push(change));
    store.set('/u', { keep: 1, drop: 2, deep: { x: 1 } });
    store.update('/u', { drop: null, 'deep/y': 2, 'new/z': { w: true } });
    expect(store.get('/u')).toEqual({ keep: 1, deep: { x: 1, y: 2 }, new: { z: { w: true } } });
    expect(changes[1]).toEqual({ kind: 'merge', path: '/u', children: { drop: null, 'deep/y': 2, 'new/z': { w: true } } });
  });

  it('rejects overlapping update paths, bad keys and unstorable values without writing', () => {
    const store = memoryStore();
    store.set('/a', 1);
    expect(() => store.update('/', { a: 2, 'a/b': 3 })).toThrow(/overlap/);
    expect(() => store.set('/bad.key', 1)).toThrow(/Invalid key/);
    expect(() => store.set('/a', { 'x#': 1 })).toThrow(/Invalid key/);
    expect(() => store.set('/a', Number.NaN)).toThrow(/Invalid number/);
    expect(store.get('/a')).toBe(1);
  });

  it('normalizes arrays, empty objects and priorities the way the SDK caches them', () => {
    const store = memoryStore();
    store.set('/list', ['a', 'b']);
    store.set('/empty', { nothing: {} });
    store.set('/p', { '.value': 3, '.priority': 1 });
    expect(store.get('/')).toEqual({ list: { 0: 'a', 1: 'b' }, p: 3 });
  });

  it('holds a 100 KB value and thousands of paths', () => {
    const store = memoryStore();
    const big = 'x'.repeat(100 * 1024);
    store.set('/big', big);
    const many: Record<string, number> = {};
    for (let i = 0; i < 5000; i += 1) many[`k${i}`] = i;
    store.set('/many', many);
    expect(store.get('/big')).toBe(big);
    expect(Object.keys(store.get('/many') as object)).toHaveLength(5000);
    expect(store.get('/many/k4999')).toBe(4999);
  });

  it('keeps committed writes across a reopen of the database file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'varde-realtime-'));
    openDirs.push(dir);
    const first = openDatabase({ kind: 'directory', dir });
    createRealtimeStore(first).set('/statusMessage/site', { text: 'hello' });
    first.close();
    const second = openDatabase({ kind: 'directory', dir });
    expect(createRealtimeStore(second).get('/statusMessage')).toEqual({ site: { text: 'hello' } });
    second.close();
  });
});
