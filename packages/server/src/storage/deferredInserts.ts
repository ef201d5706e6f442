import type { Tx } from './transaction.js';

type Row = Record<string, unknown>;

interface HeldRows {
  table: string;
  returning: readonly string[];
  rows: Row[];
  stored: Array<((row: Row, at: Tx) => void) | undefined>;
}

/** Where a transaction's deferred work keeps the rows waiting, per table. */
const HELD = {};
/** Rows per INSERT: well under both engines' parameter limits for the tables that use this. */
const ROWS_PER_INSERT = 200;

/**
 * Inserts `row` into `table` within `tx`. When the transaction's runner defers work (the users write
 * batch), the row waits and goes in one multi-row INSERT with the others of its table just before the
 * commit: on PostgreSQL each INSERT saved is a round trip the batch no longer waits for. Only for rows
 * nothing in the transaction reads back before `storeHeldInserts` (a new account, an invitation's
 * ticket and e-mail). A row that breaks a unique index fails the INSERT of them all, and so the
 * transaction. `stored` gets the row as inserted (its `returning` columns) once it is, with the Tx to
 * register after-commit work on.
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
    const [inserted] = await insertRows(tx, table, [row], returning);
    if (inserted) stored?.(inserted, tx);
    return;
  }
  let tables = deferred.state.get(HELD) as Map<string, HeldRows> | undefined;
  if (!tables) deferred.state.set(HELD, (tables = new Map()));
  const key = `${table}\n${returning.join(',')}`;
  let held = tables.get(key);
  if (!held) {
    const waiting: HeldRows = (held = { table, returning, rows: [], stored: [] });
    tables.set(key, waiting);
    deferred.beforeCommit((at) => storeHeld(at, waiting));
  }
  held.rows.push(row);
  held.stored.push(stored);
}

/**
 * Stores every row `tx` holds back now, so that what runs next reads them. The users write batch calls
 * it before a write that is not a create: only creates leave their rows waiting for the commit.
 */
export async function storeHeldInserts(tx: Tx): Promise<void> {
  const tables = tx.deferred?.state.get(HELD) as Map<string, HeldRows> | undefined;
  for (const held of tables?.values() ?? []) await storeHeld(tx, held);
}

async function storeHeld(tx: Tx, held: HeldRows): Promise<void> {
  const rows = held.rows.splice(0);
  const stored = held.stored.splice(0);
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const inserted = await insertRows(tx, held.table, rows.slice(start, start + ROWS_PER_INSERT), held.returning);
    inserted.forEach((one, index) => stored[start + index]?.(one, tx));
  }
}

async function insertRows(tx: Tx, table: string, rows: Row[], returning: readonly string[]): Promise<Row[]> {
  // The table is the caller's constant, never a user's text; the values are bound parameters.
  const insert = tx.db.insertInto(table as never).values(rows as never);
  if (returning.length === 0) {
    await insert.execute();
    return [];
  }
  return (await insert.returning(returning as never).execute()) as Row[];
}
