import { canonicalAncestorsOf } from './paths.js';
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
  /** The held paths below each of their ancestors: what a path covers is found without a scan of them all. */
  private readonly heldBelow = new Map<string, Set<string>>();
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
    if (write.paths.some(([path]) => canonicalAncestorsOf(path).some((ancestor) => this.values.has(ancestor)))) return false;
    for (const [path, value] of write.paths) {
      this.release(path);
      for (const held of [...(this.heldBelow.get(path) ?? [])]) this.release(held);
      this.values.set(path, value);
      for (const ancestor of canonicalAncestorsOf(path)) {
        let below = this.heldBelow.get(ancestor);
        if (!below) this.heldBelow.set(ancestor, (below = new Set()));
        below.add(path);
        if (value !== null) this.ancestors.add(ancestor);
      }
    }
    this.changes.push(...write.changes);
    this.emits.push(...write.emits);
    return true;
  }

  /** Whether a read of `path` must see these writes stored first: a value held at, above or below it. */
  touches(path: string): boolean {
    return this.values.has(path) || this.heldBelow.has(path) || canonicalAncestorsOf(path).some((ancestor) => this.values.has(ancestor));
  }

  /** What to store: the paths to replace, the ancestors to clear, the changes to record and tell. */
  drain(): { paths: Array<[string, unknown]>; ancestors: string[]; changes: ChangeRecord[]; emits: RealtimeChange[] } {
    const drained = { paths: [...this.values], ancestors: [...this.ancestors], changes: [...this.changes], emits: [...this.emits] };
    this.values.clear();
    this.heldBelow.clear();
    this.ancestors.clear();
    this.changes.length = 0;
    this.emits.length = 0;
    return drained;
  }

  private release(path: string): void {
    if (!this.values.delete(path)) return;
    for (const ancestor of canonicalAncestorsOf(path)) {
      const below = this.heldBelow.get(ancestor);
      below?.delete(path);
      if (below?.size === 0) this.heldBelow.delete(ancestor);
    }
  }
}
