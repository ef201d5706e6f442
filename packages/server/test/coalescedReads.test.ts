import { expect, test } from 'vitest';
import { batchedReads, sharedInFlight } from '../src/storage/coalescedReads.js';

test('equal reads in flight share one answer; a read after it settled reads again', async () => {
  let reads = 0;
  const read = sharedInFlight(async (key) => `${key}:${(reads += 1)}`);
  expect(await Promise.all([read('a'), read('a'), read('b')])).toEqual(['a:1', 'a:1', 'b:2']);
  expect(await read('a')).toBe('a:3');
});

test('reads of one turn are one query over their keys; missing keys get the default; a failure reaches every caller', async () => {
  const asked: string[][] = [];
  const read = batchedReads(async (keys) => {
    asked.push(keys);
    if (keys.includes('boom')) throw new Error('database down');
    return new Map(keys.filter((key) => key !== 'none').map((key) => [key, key.toUpperCase()]));
  }, null as string | null);
  expect(await Promise.all([read('a'), read('b'), read('a'), read('none')])).toEqual(['A', 'B', 'A', null]);
  expect(asked).toEqual([['a', 'b', 'none']]);
  expect(await read('c')).toBe('C');
  expect(asked).toHaveLength(2);
  const failed = await Promise.allSettled([read('boom'), read('d')]);
  expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
});
