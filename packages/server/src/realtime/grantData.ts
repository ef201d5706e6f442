import { isAtOrBelow, joinKeys, parsePath, relativeKeys, valueAt } from './paths.js';
import type { RulesData } from './rules.js';
import type { RealtimeChange } from './store.js';
import type { RealtimeTree } from './tree.js';

/**
 * The data a connection's rules consult (its grant sources, e.g. `/users/{uid}`), read once at sign-in
 * and then kept current from the committed changes the connection hears. Rules are checked against it
 * without a database round trip, and a grant that changes is seen by the very next request.
 */
export class GrantData implements RulesData {
  private readonly values = new Map<string, unknown>();

  static async load(sources: readonly string[], tree: RealtimeTree): Promise<GrantData> {
    const data = new GrantData();
    for (const source of sources) data.values.set(source, await tree.get(source));
    return data;
  }

  /** The value at `path` when it lies under a grant source; undefined elsewhere (rules read nothing else). */
  get(path: string): unknown {
    for (const [source, value] of this.values) {
      if (isAtOrBelow(path, source)) return valueAt(value, relativeKeys(path, source));
    }
    return undefined;
  }

  /** A copy to apply writes to before they commit (a run of writes judges each by those before it). */
  copy(): GrantData {
    const copy = new GrantData();
    for (const [source, value] of this.values) copy.values.set(source, value);
    return copy;
  }

  /** Applies a change (committed, or pending on a copy); true when it touched a grant source. */
  apply(change: RealtimeChange): boolean {
    if (change.kind === 'set') return this.applySet(change.path, change.value);
    let touched = false;
    for (const [key, value] of Object.entries(change.children)) {
      touched = this.applySet(change.path + joinKeys(parsePath(key)), value) || touched;
    }
    return touched;
  }

  private applySet(path: string, value: unknown): boolean {
    let touched = false;
    for (const [source, current] of this.values) {
      if (isAtOrBelow(path, source)) {
        this.values.set(source, setIn(current, relativeKeys(path, source), value));
        touched = true;
      } else if (isAtOrBelow(source, path)) {
        this.values.set(source, valueAt(value, relativeKeys(source, path)));
        touched = true;
      }
    }
    return touched;
  }
}

/** `root` with `value` at `keys`, as the database would hold it: null deletes, and empty objects vanish. */
function setIn(root: unknown, keys: readonly string[], value: unknown): unknown {
  if (keys.length === 0) return value;
  const [head, ...rest] = keys as [string, ...string[]];
  const record = root !== null && typeof root === 'object' ? { ...(root as Record<string, unknown>) } : {};
  const next = setIn(record[head] ?? null, rest, value);
  if (next === null) delete record[head];
  else record[head] = next;
  return Object.keys(record).length === 0 ? null : record;
}
