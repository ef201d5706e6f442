import type { Db } from '../storage/db.js';
import { runHooks, type Tx } from '../storage/transaction.js';

/**
 * Group commit for the users service's writes. Writes that arrive while a batch is being committed
 * wait and then run together in one transaction (each in its own savepoint, so one failing write is
 * rolled back alone), and every caller is answered after the commit. With a durable database each
 * commit waits for the disk, so committing 16 creates at once instead of one by one is what lets the
 * cloud take thousands of users a second. Each write is still atomic and still acknowledged only once
 * it is durable; what it defers with `tx.afterCommit` (realtime pushes) runs after that commit, and not
 * at all when its savepoint was rolled back.
 *
 * A write must query only through the Tx it is given (`tx.db`, and `tx` to realtime calls): the batch
 * holds the connection, and on SQLite any other query waits for it for ever.
 */
export interface WriteBatcher {
  run<T>(write: (tx: Tx) => Promise<T>): Promise<T>;
}

interface Pending {
  write: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const batchers = new WeakMap<Db, WriteBatcher>();

export function writeBatcherFor(db: Db): WriteBatcher {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = createWriteBatcher(db)));
  return batcher;
}

export function createWriteBatcher(db: Db): WriteBatcher {
  let queue: Pending[] = [];
  let flushing = false;

  /** One batch at a time: what arrives meanwhile is the next batch. */
  function schedule(): void {
    if (flushing || queue.length === 0) return;
    flushing = true;
    setImmediate(() => {
      const batch = queue;
      queue = [];
      void commitBatch(db, batch).finally(() => {
        flushing = false;
        schedule();
      });
    });
  }

  return {
    run<T>(write: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}

async function commitBatch(db: Db, batch: Pending[]): Promise<void> {
  const outcomes: Outcome[] = [];
  const hooks: Array<() => void> = [];
  try {
    const trx = await db.startTransaction().execute();
    try {
      for (const pending of batch) {
        const writeHooks: Array<() => void> = [];
        const point = await trx.savepoint('write').execute();
        try {
          const value = await pending.write({ db: point, afterCommit: (hook) => writeHooks.push(hook) });
          await point.releaseSavepoint('write').execute();
          hooks.push(...writeHooks);
          outcomes.push({ ok: true, value });
        } catch (error) {
          // This write alone is undone; the batch goes on.
          const undone = await point.rollbackToSavepoint('write').execute();
          await undone.releaseSavepoint('write').execute();
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      await trx.rollback().execute().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    // The transaction or its commit failed: nothing of this batch is stored.
    for (const pending of batch) pending.reject(error);
    return;
  }
  runHooks(hooks);
  batch.forEach((pending, index) => {
    const outcome = outcomes[index]!;
    if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  });
}
