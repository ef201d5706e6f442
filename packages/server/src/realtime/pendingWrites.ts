import { ancestorsOf, isAtOrBelow } from './paths.js';
import type { RealtimeChange } from './change.js';

/** A change row for other nodes (realtime_changes): where a write wrote. */
export type ChangeRecord = { kind: 'set' | 'merge'; path: string; children?: string[] };

/** One set, update or setMany: the paths it replaces, the change rows it records, what listeners hear. */
export interface PendingWrite {
  paths: ReadonlyArray<readonly [string, unknown]>;
  changes: ChangeRecord[];
  emits: RealtimeChange[];
}

/**
 * Writes of one transaction held back and stored together (a run of a client's writes): several writes
 * become one DELETE and one INSERT. Only the last value at a path is stored, but every change is
 * recorded and heard, in order. Paths kept here never overlap, so they can be written in any order.
 */
export class PendingWrites {
  /** The latest value per path, none at or below another. */
  private readonly values = new Map<string, unknown>();
  /**
   * Paths above a written value (a primitive there becomes an object), kept even when a later write
   * replaces that value: the earlier write had deleted them, and nothing stored here re-creates them.
   */
  private readonly ancestors = new Set<string>();
  readonly changes: ChangeRecord[] = [];
  readonly emits: RealtimeChange[] = [];

  get isEmpty(): boolean {
    return this.values.size === 0 && this.changes.length === 0;
  }

  /**
   * Adds `write`; false (adding nothing) when it writes below a value held here: that value must be
   * stored first, as merging into it is the database's job.
   */
  add(write: PendingWrite): boolean {
    if (write.paths.some(([path]) => ancestorsOf(path).some((ancestor) => this.values.has(ancestor)))) return false;
    for (const [path, value] of write.paths) {
      for (const held of this.values.keys()) if (isAtOrBelow(held, path)) this.values.delete(held);
      this.values.set(path, value);
      if (value !== null) for (const ancestor of ancestorsOf(path)) this.ancestors.add(ancestor);
    }
    this.changes.push(...write.changes);
    this.emits.push(...write.emits);
    return true;
  }

  /** Whether a read of `path` must see these writes stored first. */
  touches(path: string): boolean {
    for (const held of this.values.keys()) if (isAtOrBelow(held, path) || isAtOrBelow(path, held)) return true;
    return false;
  }

  /** What to store: the paths to replace, the ancestors to clear, the changes to record and tell. */
  drain(): { paths: Array<[string, unknown]>; ancestors: string[]; changes: ChangeRecord[]; emits: RealtimeChange[] } {
    const drained = { paths: [...this.values], ancestors: [...this.ancestors], changes: [...this.changes], emits: [...this.emits] };
    this.values.clear();
    this.ancestors.clear();
    this.changes.length = 0;
    this.emits.length = 0;
    return drained;
  }
}
