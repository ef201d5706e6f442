import { CompiledQuery } from 'kysely';
import { engineOfDb } from './db.js';
import type { Tx } from './transaction.js';

export type Row = Record<string, unknown>;

/** Rows for one table; `returning` names the columns to hand back for each row, in the rows' order. */
export interface TableInsert {
  table: string;
  rows: ReadonlyArray<object>;
  returning?: readonly string[];
}

/**
 * Inserts rows into several tables, resolving to each insert's returned rows (none without
 * `returning`). Each table's rows go as one JSON parameter that the database expands into rows
 * (PostgreSQL's json_populate_recordset, SQLite's json_each): the statement's text depends on the tables
 * and columns only, not on the number of rows, so a connection prepares it once and the node builds no
 * text per row (Kysely spent more compiling a batch's multi-row VALUES than the database spent storing
 * them). Values are strings, finite numbers, booleans or null, as the columns take them.
 *
 * On PostgreSQL, where every statement is a round trip the transaction waits for, the INSERTs go
 * together: all but one as data-modifying WITH queries of a single statement, the one that returns rows
 * last (foreign keys are checked at the end of the statement). SQLite has no data-modifying WITH and no
 * round trips: one INSERT each, in the order given, so a row that refers to another comes after it.
 * The table and column names are the callers' constants, never a user's text; the values are bound.
 */
export async function insertTogether(tx: Tx, inserts: readonly TableInsert[]): Promise<Row[][]> {
  const returned: Row[][] = inserts.map(() => []);
  const parts = partsOf(inserts);
  if (engineOfDb(tx.db) !== 'postgres') {
    for (const part of parts) returned[part.insert]!.push(...((await tx.db.executeQuery(CompiledQuery.raw(sqliteInsert(part), [part.json]))).rows as Row[]));
    return returned;
  }
  for (const statement of statementsOf(parts)) {
    const result = await tx.db.executeQuery(postgresStatement(statement));
    // Only the last part of a statement hands rows back (see statementsOf).
    returned[statement.at(-1)!.insert]!.push(...(result.rows as Row[]));
  }
  return returned;
}

/** One table's rows of the same columns, as one JSON text. */
interface Part {
  insert: number;
  table: string;
  columns: string[];
  json: string;
  returning: readonly string[];
}

const NAME = /^[a-z_][a-z0-9_]*$/;
const quoted = (name: string) => {
  if (!NAME.test(name)) throw new Error(`insertTogether: "${name}" is not a table or column name`);
  return `"${name}"`;
};

/** Each insert's rows grouped by their columns (a row leaves out a column, or gives it undefined, to get its default). */
function partsOf(inserts: readonly TableInsert[]): Part[] {
  const parts: Part[] = [];
  inserts.forEach((insert, index) => {
    const groups = new Map<string, { columns: string[]; rows: object[] }>();
    for (const row of insert.rows) {
      const columns = Object.keys(row).filter((column) => (row as Row)[column] !== undefined);
      const key = columns.join(',');
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { columns, rows: [] }));
      group.rows.push(row);
    }
    if (groups.size > 1 && insert.returning?.length) throw new Error(`insertTogether: rows for ${insert.table} that return columns must name the same columns`);
    for (const { columns, rows } of groups.values()) {
      for (const row of rows) for (const column of columns) requireJsonValue(insert.table, (row as Row)[column]);
      parts.push({ insert: index, table: insert.table, columns, json: JSON.stringify(rows), returning: insert.returning ?? [] });
    }
  });
  return parts;
}

function requireJsonValue(table: string, value: unknown): void {
  const kind = typeof value;
  if (value === null || kind === 'string' || kind === 'boolean' || (kind === 'number' && Number.isFinite(value))) return;
  throw new TypeError(`insertTogether: a value for ${table} is ${kind === 'number' ? String(value) : kind}, not a string, finite number, boolean or null`);
}

function returningClause(part: Part): string {
  return part.returning.length > 0 ? ` returning ${part.returning.map(quoted).join(', ')}` : '';
}

/** SQLite: the rows of json_each in their order. */
function sqliteInsert(part: Part): string {
  const columns = part.columns.map(quoted);
  const values = part.columns.map((column) => `value ->> '$.${column}'`);
  return `insert into ${quoted(part.table)} (${columns.join(', ')}) select ${values.join(', ')} from json_each(?)${returningClause(part)}`;
}

/** Parts grouped into statements, with a returning part only last. */
function statementsOf(parts: readonly Part[]): Part[][] {
  const statements: Part[][] = [];
  let current: Part[] = [];
  // Returning parts go after the others, so that each can end a statement of its own.
  for (const part of [...parts.filter((part) => part.returning.length === 0), ...parts.filter((part) => part.returning.length > 0)]) {
    current.push(part);
    if (part.returning.length > 0) {
      statements.push(current);
      current = [];
    }
  }
  if (current.length > 0) statements.push(current);
  return statements;
}

/**
 * PostgreSQL: `WITH w0 AS (insert), … <last insert>`, each part's rows from json_populate_recordset (the
 * table's own row type gives each column its type); the returning one in the rows' order.
 */
function postgresStatement(parts: readonly Part[]): CompiledQuery {
  const parameters: unknown[] = [];
  const texts = parts.map((part) => {
    parameters.push(part.json);
    const columns = part.columns.map(quoted).join(', ');
    const source = `json_populate_recordset(null::${quoted(part.table)}, $${parameters.length}::json)`;
    const rows = part.returning.length > 0 ? `from ${source} with ordinality as r order by r.ordinality` : `from ${source}`;
    return `insert into ${quoted(part.table)} (${columns}) select ${columns} ${rows}${returningClause(part)}`;
  });
  const last = texts.pop()!;
  return CompiledQuery.raw(texts.length === 0 ? last : `with ${texts.map((text, index) => `w${index} as (${text})`).join(', ')} ${last}`, parameters);
}
