import { InvalidPathError, isValidKey } from './paths.js';

/** A stored leaf: what firebase calls a primitive. */
export type Leaf = string | number | boolean;

/** Thrown for a value the database cannot hold (NaN, a function, a bad key, an unresolved server value). */
export class InvalidValueError extends Error {
  override readonly name = 'InvalidValueError';
}

/**
 * Brings a JSON value to the form the database (and the firebase SDK's cache) holds: arrays become
 * objects keyed by index, `{'.value': v}` becomes v, priorities are dropped, empty objects vanish
 * (null). Throws InvalidValueError on anything else.
 */
export function normalizeValue(value: unknown, where = ''): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidValueError(`Invalid number at "${where || '/'}"`);
    return value;
  }
  if (typeof value !== 'object') throw new InvalidValueError(`Invalid value at "${where || '/'}"`);
  const record = value as Record<string, unknown>;
  if ('.sv' in record) throw new InvalidValueError(`Unresolved server value at "${where || '/'}"`);
  if ('.value' in record) return normalizeValue(record['.value'], where);
  const result: Record<string, unknown> = {};
  let empty = true;
  for (const [key, child] of Object.entries(record)) {
    if (key === '.priority') continue;
    if (!isValidKey(key)) throw new InvalidPathError(`Invalid key "${key}" at "${where || '/'}"`);
    const normalized = normalizeValue(child, `${where}/${key}`);
    if (normalized === null) continue;
    result[key] = normalized;
    empty = false;
  }
  return empty ? null : result;
}

/** Calls `visit` for every leaf of a normalized value with the leaf's keys relative to the value. */
export function forEachLeaf(value: unknown, visit: (keys: string[], leaf: Leaf) => void, prefix: string[] = []): void {
  if (value === null || value === undefined) return;
  if (typeof value !== 'object') {
    visit(prefix, value as Leaf);
    return;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    forEachLeaf(child, visit, [...prefix, key]);
  }
}

/** Builds a plain JSON value from leaves given with their keys relative to the result. */
export function valueFromLeaves(leaves: Iterable<{ keys: string[]; leaf: Leaf }>): unknown {
  let root: unknown = null;
  for (const { keys, leaf } of leaves) {
    if (keys.length === 0) return leaf;
    if (root === null || typeof root !== 'object') root = {};
    let node = root as Record<string, unknown>;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = leaf;
        return;
      }
      let next = node[key];
      if (next === undefined || next === null || typeof next !== 'object') {
        next = {};
        node[key] = next;
      }
      node = next as Record<string, unknown>;
    });
  }
  return root;
}
