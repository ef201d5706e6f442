import Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * better-sqlite3 as Kysely's SqliteDialect wants it, with two changes: a statement is prepared once per
 * SQL text and kept (Kysely prepares on every query, which cost more than the query itself on the alarm
 * poll), and booleans are bound as 1/0 (better-sqlite3 refuses them; PostgreSQL takes them as they are),
 * so the same query code passes booleans on both engines.
 */
export function cachedSqliteDatabase(raw: Database.Database): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  const bindable = (parameters: ReadonlyArray<unknown>) =>
    parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
  const statementFor = (sqlText: string) => {
    let statement = statements.get(sqlText);
    if (!statement) {
      statement = raw.prepare(sqlText);
      // Generated SQL with inlined values would grow the cache for ever; such texts are rare here.
      if (statements.size < 2000) statements.set(sqlText, statement);
    }
    return statement;
  };
  return {
    close: () => raw.close(),
    prepare(sqlText): SqliteStatement {
      const statement = statementFor(sqlText);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(bindable(parameters)),
        run: (parameters) => statement.run(bindable(parameters)),
        iterate: (parameters) => statement.iterate(bindable(parameters)) as IterableIterator<unknown>,
      };
    },
  };
}
