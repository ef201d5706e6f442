import { insertTogether, type Row, type TableInsert } from './insertTogether.js';
import type { Tx } from './transaction.js';

interface HeldRows {
  table: string;
  returning: readonly string[];
  rows: Row[];
  stored: Array<((row: Row, at: Tx) => void) | undefined>;
}

/** What a transaction's deferred work keeps waiting: rows per table and returned columns. */
type Held = Map<string, HeldRows>;

/** Where a transaction's deferred work keeps what waits (see Held). */
const HELD = {};

/** What `deferred` holds, registered to be stored last before the commit on first use. */
function heldBy(deferred: NonNullable<Tx['deferred']>): Held {
  let held = deferred.state.get(HELD) as Held | undefined;
  if (!held) {
    const waiting: Held = (held = new Map());
    deferred.state.set(HELD, waiting);
    deferred.lastBeforeCommit((at) => storeHeld(at, waiting));
  }
  return held;
}

function holdRow(held: Held, table: string, row: Row, returning: readonly string[], stored?: (row: Row, at: Tx) => void): void {
  const key = `${table}\n${returning.join(',')}`;
  let rows = held.get(key);
  if (!rows) held.set(key, (rows = { table, returning, rows: [], stored: [] }));
  rows.rows.push(row);
  rows.stored.push(stored);
}

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
  holdRow(heldBy(deferred), table, row, returning, stored);
}

/**
 * Inserts returning nothing, to go with the rows held for the commit (on PostgreSQL in the same
 * statement): for work that runs as the transaction ends (a beforeCommit of the realtime store's held
 * writes). Resolves to false, and holds nothing, when the transaction's runner defers no work: the
 * caller then stores them.
 */
export function holdForCommit(tx: Tx, inserts: readonly TableInsert[]): boolean {
  if (!tx.deferred) return false;
  const held = heldBy(tx.deferred);
  for (const insert of inserts) for (const row of insert.rows) holdRow(held, insert.table, row as Row, []);
  return true;
}

/**
 * Stores every row `tx` holds back now, so that what runs next reads them. The users write batch calls
 * it before a write that is not a create: only creates leave their rows waiting for the commit.
 */
export async function storeHeldInserts(tx: Tx): Promise<void> {
  const held = tx.deferred?.state.get(HELD) as Held | undefined;
  if (held) await storeHeld(tx, held);
}

async function storeHeld(tx: Tx, held: Held): Promise<void> {
  const waiting = [...held.values()].filter((rows) => rows.rows.length > 0).map((rows) => ({ ...rows, rows: rows.rows.splice(0), stored: rows.stored.splice(0) }));
  if (waiting.length === 0) return;
  const returned = await insertTogether(tx, waiting);
  waiting.forEach((rows, index) => returned[index]!.forEach((one, row) => rows.stored[row]?.(one, tx)));
}
