import { isAtOrBelow, relativeKeys, valueAt } from '../paths.js';
import type { RealtimeChange } from '../store.js';

/** A server push: `d` overwrites the value at `p`, `m` merges children (slash keys) into it. */
export interface DataPush {
  a: 'd' | 'm';
  b: { p: string; d: unknown; t?: number };
}

/** Canonical `/a/b` -> wire `a/b` (root ``). */
export function wirePath(canonical: string): string {
  return canonical.slice(1);
}

/**
 * What a client listening at `listenPath` must receive for one committed change, confined to its
 * listen (a query-tagged listen only accepts data at or below its own path).
 */
export function pushForListen(listenPath: string, tag: number | undefined, change: RealtimeChange): DataPush | null {
  const withTag = (push: DataPush): DataPush => (tag === undefined ? push : { a: push.a, b: { ...push.b, t: tag } });
  if (isAtOrBelow(change.path, listenPath)) {
    return change.kind === 'set'
      ? withTag({ a: 'd', b: { p: wirePath(change.path), d: change.value } })
      : withTag({ a: 'm', b: { p: wirePath(change.path), d: change.children } });
  }
  if (!isAtOrBelow(listenPath, change.path)) return null;
  if (change.kind === 'set') {
    const value = valueAt(change.value, relativeKeys(listenPath, change.path));
    return withTag({ a: 'd', b: { p: wirePath(listenPath), d: value } });
  }
  // A merge above the listen: keep the children that reach into it. Update keys never overlap, so
  // at most one child covers the whole listen, and then no other child lies inside it.
  const inside: Record<string, unknown> = {};
  let touched = false;
  for (const [key, value] of Object.entries(change.children)) {
    const childPath = key === '' ? change.path : `${change.path}/${key}`;
    if (isAtOrBelow(listenPath, childPath)) {
      const covered = valueAt(value, relativeKeys(listenPath, childPath));
      return withTag({ a: 'd', b: { p: wirePath(listenPath), d: covered } });
    }
    if (isAtOrBelow(childPath, listenPath)) {
      inside[relativeKeys(childPath, listenPath).join('/')] = value;
      touched = true;
    }
  }
  return touched ? withTag({ a: 'm', b: { p: wirePath(listenPath), d: inside } }) : null;
}
