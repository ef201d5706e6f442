import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Statement texts this node names at the most (each connection prepares those it runs). */
const MAX_NAMED = 500;
/** Texts tracked at the most, named or seen once (generated texts beyond are sent unnamed). */
const MAX_TRACKED = 5_000;

/**
 * The pool Kysely's PostgresDialect gets: each parameterised statement text the cloud sends again is
 * sent as a named prepared statement, which each connection parses and plans once and then only binds
 * and executes (the driver remembers which names a connection has). Unnamed, PostgreSQL parses,
 * analyses and plans the text anew on every call, which on the steady reads cost as much as running it
 * (issue 40). Answers are the same: the parameters' types are inferred from the text either way.
 *
 * Texts without parameters stay on the simple protocol (they may hold several statements: migrations).
 * A text whose result columns change under a prepared statement (another node's migration added a
 * column to a `select *`) fails once with "cached plan must not change result type": it is then sent
 * unnamed from then on, and run again unnamed at once (inside a transaction that has failed the retry
 * fails too, and the first error is what the caller sees).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  // A text's name; null: seen once so far; false: never named (its prepared form went stale once).
  const names = new Map<string, string | null | false>();
  let named = 0;
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (typeof known === 'string') return known;
    if (known === false) return undefined;
    if (known === null) {
      if (named >= MAX_NAMED) return undefined;
      named += 1;
      const name = `varde_${named}`;
      names.set(text, name);
      return name;
    }
    if (names.size < MAX_TRACKED) names.set(text, null);
    return undefined;
  };

  const run = async (client: pg.PoolClient, text: string, values: unknown[] | undefined): Promise<pg.QueryResult> => {
    const name = values && values.length > 0 ? nameOf(text) : undefined;
    if (!name) return client.query(text, values);
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if (!resultTypeChanged(error)) throw error;
      // The connection keeps the stale statement under its name: the text is never named again.
      names.set(text, false);
      return await client.query(text, values).catch(() => Promise.reject(error));
    }
  };
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // A cursor (Kysely's streamed queries) is handed back as the driver returns it.
    query: ((textOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) =>
      typeof textOrCursor === 'string' ? run(client, textOrCursor, parameters as unknown[] | undefined) : client.query(textOrCursor as never)) as unknown as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
  });

  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** PostgreSQL refused a prepared statement whose result columns no longer match its table. */
function resultTypeChanged(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}
