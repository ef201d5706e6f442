import type { Tx } from './transaction.js';

type Row = Record<string, unknown>;

interface HeldRows {
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
 * commit. Only for rows nothing in the transaction reads back (an invitation's ticket and e-mail):
 * on PostgreSQL each INSERT saved is a round trip the batch no longer waits for. `stored` gets the row
 * as inserted (its `returning` columns) once it is, with the Tx to register after-commit work on; a
 * failing INSERT fails the transaction either way.
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
    const waiting: HeldRows = (held = { rows: [], stored: [] });
    tables.set(key, waiting);
    deferred.beforeCommit(async (at) => {
      tables.delete(key);
      for (let start = 0; start < waiting.rows.length; start += ROWS_PER_INSERT) {
        const inserted = await insertRows(at, table, waiting.rows.slice(start, start + ROWS_PER_INSERT), returning);
        inserted.forEach((one, index) => waiting.stored[start + index]?.(one, at));
      }
    });
  }
  held.rows.push(row);
  held.stored.push(stored);
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
