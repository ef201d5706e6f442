import { isAtOrBelow } from './paths.js';

export interface LeafRow {
  path: string;
  value: string;
}

/**
 * The leaves a transaction read, kept until one of its own writes touches them. Only for a transaction
 * that holds the realtime write lock from its start (a users batch, a client's run of writes): then no
 * other transaction can change realtime data meanwhile, and the sixteen creates of a batch by one
 * admin read that admin's grants once, not sixteen times (each a round trip on PostgreSQL).
 */
export class TransactionReads {
  private readonly reads = new Map<string, { roots: readonly string[]; rows: LeafRow[] }>();

  rowsOf(roots: readonly string[]): LeafRow[] | undefined {
    return this.reads.get(roots.join('\n'))?.rows;
  }

  remember(roots: readonly string[], rows: LeafRow[]): void {
    this.reads.set(roots.join('\n'), { roots, rows });
  }

  /** Forgets every read at, above or below a written path. */
  forget(written: readonly string[]): void {
    for (const [key, { roots }] of this.reads) {
      if (roots.some((root) => written.some((path) => isAtOrBelow(root, path) || isAtOrBelow(path, root)))) this.reads.delete(key);
    }
  }
}
