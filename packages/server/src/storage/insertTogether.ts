import { CompiledQuery } from 'kysely';
import { engineOfDb } from './db.js';
import type { Tx } from './transaction.js';

export type Row = Record<string, unknown>;

/** Rows for one table; `returning` names the columns to hand back for each row, in the rows' order. */
export interface TableInsert {
  table: string;
  rows: ReadonlyArray<object>;
  returning?: readonly string[];
  /** Rows per INSERT, under both engines' parameter limits for the table's columns (default 200). */
  rowsPerInsert?: number;
}

/** Parameters one combined PostgreSQL statement binds at the most (its limit is 65,535). */
const MAX_COMBINED_PARAMETERS = 30_000;

interface Chunk {
  insert: number;
  query: CompiledQuery;
}

/**
 * Inserts rows into several tables, resolving to each insert's returned rows (none without
 * `returning`). On PostgreSQL, where every statement is a round trip the transaction waits for, the
 * INSERTs go together: all but one as data-modifying WITH queries of a single statement, the one that
 * returns rows last (foreign keys are checked at the end of the statement). SQLite has no
 * data-modifying WITH and no round trips: one INSERT each, in the order given, so a row that refers to
 * another comes after it.
 * The table names are the callers' constants, never a user's text; the values are bound parameters.
 */
export async function insertTogether(tx: Tx, inserts: readonly TableInsert[]): Promise<Row[][]> {
  const returned: Row[][] = inserts.map(() => []);
  const chunks: Chunk[] = [];
  inserts.forEach((insert, index) => {
    const size = insert.rowsPerInsert ?? 200;
    for (let start = 0; start < insert.rows.length; start += size) {
      const query = tx.db.insertInto(insert.table as never).values(insert.rows.slice(start, start + size) as never);
      chunks.push({ insert: index, query: (insert.returning?.length ? query.returning(insert.returning as never) : query).compile() });
    }
  });
  if (engineOfDb(tx.db) !== 'postgres') {
    for (const chunk of chunks) returned[chunk.insert]!.push(...((await tx.db.executeQuery(chunk.query)).rows as Row[]));
    return returned;
  }
  for (const statement of statementsOf(chunks, inserts)) {
    const result = await tx.db.executeQuery(combined(statement));
    // Only the last chunk of a statement hands rows back (see statementsOf).
    returned[statement.at(-1)!.insert]!.push(...(result.rows as Row[]));
  }
  return returned;
}

/** Chunks grouped into statements: each under the parameter limit, with a returning chunk only last. */
function statementsOf(chunks: readonly Chunk[], inserts: readonly TableInsert[]): Chunk[][] {
  const statements: Chunk[][] = [];
  let current: Chunk[] = [];
  let parameters = 0;
  const close = () => {
    if (current.length > 0) statements.push(current);
    current = [];
    parameters = 0;
  };
  // Returning chunks go after the others, so that each can end a statement of its own.
  const ordered = [...chunks.filter((chunk) => !inserts[chunk.insert]!.returning?.length), ...chunks.filter((chunk) => inserts[chunk.insert]!.returning?.length)];
  for (const chunk of ordered) {
    if (parameters + chunk.query.parameters.length > MAX_COMBINED_PARAMETERS) close();
    current.push(chunk);
    parameters += chunk.query.parameters.length;
    if (inserts[chunk.insert]!.returning?.length) close();
  }
  close();
  return statements;
}

/** One statement of the chunks: `WITH w0 AS (insert), … <last insert>`, the placeholders renumbered. */
function combined(statement: readonly Chunk[]): CompiledQuery {
  if (statement.length === 1) return statement[0]!.query;
  const parameters: unknown[] = [];
  const texts = statement.map(({ query }) => {
    const offset = parameters.length;
    parameters.push(...query.parameters);
    // Kysely's PostgreSQL compiler writes values only as $n placeholders; names are quoted constants.
    return offset === 0 ? query.sql : query.sql.replace(/\$(\d+)/g, (_, number: string) => `$${Number(number) + offset}`);
  });
  const last = texts.pop()!;
  return CompiledQuery.raw(`with ${texts.map((text, index) => `w${index} as (${text})`).join(', ')} ${last}`, parameters);
}
