import type { Db } from '../storage/db.js';

/**
 * Group commit for the users service's writes. Writes that arrive while one is being prepared run
 * together in one SQLite transaction (each in its own savepoint, so one failing write does not undo
 * the others), and every caller is answered after the commit. With a durable database each commit
 * waits for the disk, so committing 16 creates at once instead of one by one is what lets the
 * cloud take thousands of users a second. Each write is still atomic and still acknowledged only
 * once it is durable.
 */
export interface WriteBatcher {
  run<T>(write: () => T): Promise<T>;
}

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const batchers = new WeakMap<Db, WriteBatcher>();

export function writeBatcherFor(db: Db): WriteBatcher {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = createWriteBatcher(db)));
  return batcher;
}

export function createWriteBatcher(db: Db): WriteBatcher {
  let queue: Pending[] = [];

  function flush(): void {
    const batch = queue;
    queue = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      db.transaction(() => {
        for (const pending of batch) {
          try {
            // A nested transaction is a savepoint: a write that throws is rolled back alone.
            outcomes.push({ ok: true, value: db.transaction(pending.write)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      })();
    } catch (error) {
      // The commit itself failed: nothing of this batch is stored.
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  }

  return {
    run<T>(write: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}
