import { lockRealtimeWrites } from '../realtime/store.js';
import type { Db } from '../storage/db.js';
import { storeHeldInserts } from '../storage/deferredInserts.js';
import { deferredWork, runHooks, type Tx } from '../storage/transaction.js';

/**
 * Group commit for the users service's writes. Writes that arrive while a batch is being committed
 * wait and then run together in one transaction, and every caller is answered after the commit. With
 * a durable database each commit waits for the disk, so committing 16 creates at once instead of one by
 * one is what lets the cloud take thousands of users a second. Each write is still atomic and still
 * acknowledged only once it is durable; what it defers with `tx.afterCommit` (realtime pushes) runs
 * after that commit, and not at all when the write was undone.
 *
 * A batch first runs its writes one after another with nothing between them. If one fails, the batch is
 * rolled back and run again with each write in its own savepoint, so the failing write is undone alone
 * and the others commit. Savepoints cost two round trips a write on PostgreSQL, where a batch is a chain
 * of round trips, so they are used only while writes fail (the batch after a failing one uses them too).
 *
 * A write must query only through the Tx it is given (`tx.db`, and `tx` to realtime calls), and may be
 * run twice: the batch holds the connection (on SQLite any other query waits for it for ever), and a
 * first run that was rolled back leaves nothing behind.
 */
export interface WriteBatcher {
  /**
   * `addsOnly`: the write only adds rows that nothing else in the batch reads back (a create), so the
   * rows it holds back (storage/deferredInserts.ts) may go on waiting behind it. Before any other write
   * the batch stores what waits, so that its reads see every earlier write.
   */
  run<T>(write: (tx: Tx) => Promise<T>, options?: { addsOnly?: boolean }): Promise<T>;
}

interface Pending {
  write: (tx: Tx) => Promise<unknown>;
  addsOnly: boolean;
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

/**
 * How long a batch waits for company while writes come several at a time (PostgreSQL's commit_delay):
 * a directory reads each userName before it creates the user, so its writers arrive a moment apart and,
 * without the wait, each commit took the three or four that were ready. A batch that follows one of a
 * single write starts at once (a person's save waits for nobody), as does one that is full.
 */
export const BATCH_DELAY_MS = 2;
/** Writes a batch waits for no more company once it holds (the CLI's import sends 16 at a time). */
export const FULL_BATCH = 16;

export function createWriteBatcher(db: Db): WriteBatcher {
  let queue: Pending[] = [];
  let flushing = false;
  let lastBatchFailed = false;
  let lastBatchSize = 0;
  /** The wait of a batch for company, while it lasts. */
  let holding: NodeJS.Timeout | undefined;

  /** One batch at a time: what arrives meanwhile is the next batch. */
  function schedule(): void {
    if (flushing || queue.length === 0) return;
    flushing = true;
    setImmediate(() => {
      if (lastBatchSize < 2 || queue.length >= FULL_BATCH) start();
      else holding = setTimeout(start, BATCH_DELAY_MS);
    });
  }

  function start(): void {
    clearTimeout(holding);
    holding = undefined;
    const batch = queue;
    queue = [];
    lastBatchSize = batch.length;
    void commitBatch(db, batch, lastBatchFailed)
      .then((failed) => (lastBatchFailed = failed))
      .finally(() => {
        flushing = false;
        schedule();
      });
  }

  return {
    run<T>(write: (tx: Tx) => Promise<T>, options: { addsOnly?: boolean } = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ write, addsOnly: options.addsOnly === true, resolve: resolve as (value: unknown) => void, reject });
        if (holding && queue.length >= FULL_BATCH) start();
        else schedule();
      });
    },
  };
}

/** Commits `batch` and answers its callers; resolves to whether a write of it failed. */
async function commitBatch(db: Db, batch: Pending[], withSavepoints: boolean): Promise<boolean> {
  // A single write needs no savepoint: its failure is the transaction's (unless its held rows fail).
  if (!withSavepoints || batch.length === 1) {
    const attempt = await runBatch(db, batch, false);
    if (attempt !== 'retry') return attempt;
  }
  return (await runBatch(db, batch, true)) as boolean;
}

/**
 * One transaction for `batch`. Without savepoints, a failing write (of several) rolls it all back and
 * answers nobody: 'retry'. Otherwise every caller is answered, and the result is whether a write failed.
 */
async function runBatch(db: Db, batch: Pending[], withSavepoints: boolean): Promise<boolean | 'retry'> {
  const outcomes: Outcome[] = [];
  const hooks: Array<() => void> = [];
  try {
    const trx = await db.startTransaction().execute();
    try {
      // Every users write changes the realtime tree: the batch takes its lock once, before any savepoint
      // (a lock taken inside one would end with its rollback), instead of each write taking it again.
      const held = new Set<string>();
      await lockRealtimeWrites({ db: trx, afterCommit: () => undefined, held });
      // Without savepoints the writes' realtime changes are held back and stored together before the
      // commit (a few statements for the batch, not three per write). With them each write stores its
      // own, so that undoing one write undoes its changes too.
      const deferred = withSavepoints ? undefined : deferredWork();
      for (const pending of batch) {
        const writeHooks: Array<() => void> = [];
        const txOn = (on: Db): Tx => ({ db: on, afterCommit: (hook) => writeHooks.push(hook), held: new Set(held), ...(deferred ? { deferred } : {}) });
        if (!withSavepoints) {
          let value: unknown;
          try {
            if (!pending.addsOnly) await storeHeldInserts(txOn(trx));
            value = await pending.write(txOn(trx));
          } catch (error) {
            if (batch.length === 1) throw error;
            await trx.rollback().execute();
            return 'retry';
          }
          hooks.push(...writeHooks);
          outcomes.push({ ok: true, value });
          continue;
        }
        const point = await trx.savepoint('write').execute();
        try {
          const value = await pending.write(txOn(point));
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
      if (deferred) {
        try {
          await deferred.finish({ db: trx, afterCommit: (hook) => hooks.push(hook), held, deferred });
        } catch (error) {
          // Which write's rows failed (a taken e-mail, say) is not known here: run the batch again, each
          // write in a savepoint and storing its own rows, so that the one that fails is answered why.
          await trx.rollback().execute();
          return 'retry';
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
    return true;
  }
  runHooks(hooks);
  batch.forEach((pending, index) => {
    const outcome = outcomes[index]!;
    if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  });
  return outcomes.some((outcome) => !outcome.ok);
}
