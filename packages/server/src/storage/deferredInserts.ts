import { insertTogether, type Row } from './insertTogether.js';
import type { Tx } from './transaction.js';

interface HeldRows {
  table: string;
  returning: readonly string[];
  rows: Row[];
  stored: Array<((row: Row, at: Tx) => void) | undefined>;
}

/** Where a transaction's deferred work keeps the rows waiting, per table and returned columns. */
const HELD = {};

/**
 * Inserts `row` into `table` within `tx`. When the transaction's runner defers work (the users write
 * batch), the row waits and goes with the others just before the commit: one multi-row INSERT per
 * table, and on PostgreSQL every table's in one statement (storage/insertTogether.ts), so that a batch
 * of creates waits for one round trip where it waited for one per table. Only for rows nothing in the
 * transaction reads back before `storeHeldInserts` (a new account, an invitation's ticket and e-mail).
 * A row that breaks a unique index fails the INSERT of them all, and so the transaction. `stored` gets
 * the row as inserted (its `returning` columns) once it is, with the Tx to register after-commit work on.
 */
export async function insertWithCommit(
  tx: Tx,
  table: string,
  row: Row,
  returning: readonly string[] = [],
  stored?: (row: Row, at: Tx) => void,
): Promise<void> {
  const deferred = tx.deferred;
  if (!deferred) {
    const inserted = (await insertTogether(tx, [{ table, rows: [row], returning }]))[0]![0];
    if (inserted) stored?.(inserted, tx);
    return;
  }
  let tables = deferred.state.get(HELD) as Map<string, HeldRows> | undefined;
  if (!tables) {
    const waiting = (tables = new Map());
    deferred.state.set(HELD, waiting);
    deferred.beforeCommit((at) => storeHeld(at, waiting));
  }
  const key = `${table}\n${returning.join(',')}`;
  let held = tables.get(key);
  if (!held) tables.set(key, (held = { table, returning, rows: [], stored: [] }));
  held.rows.push(row);
  held.stored.push(stored);
}

/**
 * Stores every row `tx` holds back now, so that what runs next reads them. The users write batch calls
 * it before a write that is not a create: only creates leave their rows waiting for the commit.
 */
export async function storeHeldInserts(tx: Tx): Promise<void> {
  const tables = tx.deferred?.state.get(HELD) as Map<string, HeldRows> | undefined;
  if (tables) await storeHeld(tx, tables);
}

async function storeHeld(tx: Tx, tables: Map<string, HeldRows>): Promise<void> {
  const waiting = [...tables.values()].filter((held) => held.rows.length > 0).map((held) => ({ ...held, rows: held.rows.splice(0), stored: held.stored.splice(0) }));
  if (waiting.length === 0) return;
  const returned = await insertTogether(tx, waiting);
  waiting.forEach((held, index) => returned[index]!.forEach((one, row) => held.stored[row]?.(one, tx)));
}
