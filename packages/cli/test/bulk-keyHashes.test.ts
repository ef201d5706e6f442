import { describe, expect, it } from 'vitest';
import { KeyHashSet, hash64 } from '../src/bulk/keyHashes.js';

describe('KeyHashSet (the in-file duplicate check)', () => {
  it('reports a key seen before, and only then, across growth', () => {
    const set = new KeyHashSet();
    for (let index = 0; index < 50_000; index += 1) expect(set.add(`user${index}@example.test`)).toBe(false);
    expect(set.size).toBe(50_000);
    expect(set.add('user123@example.test')).toBe(true);
    expect(set.has('user49999@example.test')).toBe(true);
    expect(set.has('user50000@example.test')).toBe(false);
    expect(set.size).toBe(50_000);
  });

  it('spreads similar keys: no two of 200,000 share a 64-bit hash', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 200_000; index += 1) seen.add(hash64(`bench${index}@example.test`).join(':'));
    expect(seen.size).toBe(200_000);
  });
});
