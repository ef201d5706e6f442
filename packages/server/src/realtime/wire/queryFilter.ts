import { nameCompare } from '../valueHash.js';

/**
 * Applies a query's wire parameters to the value at its path, for `g` (get) replies: the SDK
 * returns a get's answer as it comes, while for listens it filters on its own. Parameters, as
 * the SDK sends them: `i` index (absent = priority, `.key`, `.value` or a child path), `sp`/`sn`/`sin`
 * start value, name, inclusive; `ep`/`en`/`ein` the end; `l` limit and `vf` 'l' (first) or 'r' (last).
 * Priorities are not stored, so ordering by priority orders by key among equal (null) priorities.
 */
export type QueryParams = Record<string, unknown>;

const MIN_NAME = '[MIN_NAME]';
const MAX_NAME = '[MAX_NAME]';

export function isFilteringQuery(query: unknown): query is QueryParams {
  return query !== null && typeof query === 'object' && Object.keys(query).length > 0;
}

export function filterByQuery(value: unknown, query: QueryParams): unknown {
  if (value === null || typeof value !== 'object') return value;
  const index = typeof query.i === 'string' ? query.i : null;
  const keyOf = (entry: [string, unknown]) => entry[0];
  const indexValueOf = ([key, child]: [string, unknown]): unknown => {
    if (index === '.key') return key;
    if (index === '.value') return child;
    if (index === null) return null;
    return childAt(child, index);
  };
  const compareEntries = (a: [string, unknown], b: [string, unknown]) => comparePosts(indexValueOf(a), keyOf(a), indexValueOf(b), keyOf(b), index);

  let entries = Object.entries(value as Record<string, unknown>).sort(compareEntries);
  if ('sp' in query) {
    const name = typeof query.sn === 'string' ? query.sn : MIN_NAME;
    const inclusive = query.sin !== false;
    entries = entries.filter(([key, child]) => {
      const order = comparePosts(indexValueOf([key, child]), key, query.sp ?? null, name, index);
      return inclusive ? order >= 0 : order > 0;
    });
  }
  if ('ep' in query) {
    const name = typeof query.en === 'string' ? query.en : MAX_NAME;
    const inclusive = query.ein !== false;
    entries = entries.filter(([key, child]) => {
      const order = comparePosts(indexValueOf([key, child]), key, query.ep ?? null, name, index);
      return inclusive ? order <= 0 : order < 0;
    });
  }
  if (typeof query.l === 'number' && query.l >= 0) {
    entries = query.vf === 'r' ? entries.slice(Math.max(0, entries.length - query.l)) : entries.slice(0, query.l);
  }
  return entries.length === 0 ? null : Object.fromEntries(entries);
}

function childAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('/').filter((part) => part !== '')) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[key] ?? null;
  }
  return current ?? null;
}

/** Where an index value and a key sit in the order; for the key index, the bound's value is a key. */
function comparePosts(aValue: unknown, aKey: string, bValue: unknown, bKey: string, index: string | null): number {
  if (index === '.key') return compareNames(aKey, typeof bValue === 'string' ? bValue : bKey);
  return compareIndexValues(aValue, bValue) || compareNames(aKey, bKey);
}

function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  return nameCompare(a, b);
}

/** null < false < true < numbers < strings < objects, as firebase orders them. */
function compareIndexValues(a: unknown, b: unknown): number {
  const rankA = rankOf(a);
  const rankB = rankOf(b);
  if (rankA !== rankB) return rankA - rankB;
  if (rankA === 0 || rankA === 4) return 0;
  const left = a as number | string | boolean;
  const right = b as number | string | boolean;
  return left < right ? -1 : left === right ? 0 : 1;
}

function rankOf(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  return 4;
}
