import { describe, expect, it } from 'vitest';
import { ancestorsOf, canonicalAncestorsOf } from '../src/realtime/paths.js';
import { PendingWrites } from '../src/realtime/pendingWrites.js';

/** A transaction's held realtime writes find what a path covers by its ancestors, not by a scan. */
const write = (...paths: Array<[string, unknown]>) => ({ paths, changes: [], emits: [] });

describe('held realtime writes', () => {
  it("name a canonical path's ancestors as ancestorsOf does", () => {
    for (const path of ['', '/a', '/a/b', '/users/u1/adminUsers/u2/controllers']) expect(canonicalAncestorsOf(path)).toEqual(ancestorsOf(path));
  });

  it('touch a read at, above or below a held value, never a sibling that shares its prefix', () => {
    const held = new PendingWrites();
    expect(held.add(write(['/users/u1/role', 'User'], ['/users/u2', { name: 'Two' }]))).toBe(true);
    for (const path of ['/users/u1/role', '/users/u1', '/users', '', '/users/u2/name']) expect(held.touches(path)).toBe(true);
    for (const path of ['/users/u1/rolex', '/users/u1/roles/x', '/users/u20', '/users/u1/name']) expect(held.touches(path)).toBe(false);
  });

  it('keep the latest value per path: a write above replaces what it covers, one below a held value waits', () => {
    const held = new PendingWrites();
    held.add(write(['/a/b/c', 1], ['/a/bc', 2], ['/a/b/d', 3]));
    expect(held.add(write(['/a/bc/x', 4]))).toBe(false);
    expect(held.add(write(['/a/b', { e: 5 }]))).toBe(true);
    expect(held.touches('/a/b/c')).toBe(true);
    const { paths, ancestors } = held.drain();
    expect(paths).toEqual([['/a/bc', 2], ['/a/b', { e: 5 }]]);
    expect(ancestors.sort()).toEqual(['', '/a', '/a/b']);
    expect(held.touches('/a')).toBe(false);
  });
});
