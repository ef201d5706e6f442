import { availableParallelism } from 'node:os';
import pg from 'pg';

/** Where a PostgreSQL URL points, for messages: never the password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default database)';
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}/${database}`;
  } catch {
    return '(an unreadable URL)';
  }
}

/** A database URL that cannot be used: unreachable, refused, or not PostgreSQL. */
export class DatabaseUnreachableError extends Error {}

// int8 (counts, millisecond times) and numeric arrive as strings; the cloud keeps times below 2^53.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Connections in a node's pool: two per core, 4 to 10. One node's event loop keeps a few statements in
 * flight; more connections than that only add backends that take turns on the same cores (on 2 cores
 * holding cloud, load and PostgreSQL, 4 served the reads bench's site list, alarm list and site page
 * faster than 10, with a lower p99: issue 40, decision 028).
 */
export const POSTGRES_POOL_SIZE = Math.min(10, Math.max(4, 2 * availableParallelism()));

/**
 * A pool on `url` that has answered once: an unreachable or wrong URL fails here, within `timeoutMs`,
 * with one line naming host, port and database. Idle clients that lose their server are dropped by the
 * pool and replaced on the next query (the cloud answers 503 meanwhile).
 */
export async function openPostgresPool(url: string, onIdleError: (error: Error) => void, timeoutMs = 10_000, applicationName?: string): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url, max: POSTGRES_POOL_SIZE, connectionTimeoutMillis: timeoutMs, idleTimeoutMillis: 30_000, types,
    // Names the node in pg_stat_activity and in the cluster's NOTIFY payloads (a node skips its own).
    ...(applicationName ? { application_name: applicationName } : {}),
  });
  pool.on('error', onIdleError);
  // The pool listens to its clients only while they are idle. One the cloud holds between two statements
  // (in a transaction) that its server ends (a restart, pg_terminate_backend) would otherwise throw an
  // uncaught 'error' and take the process down; its next statement fails instead (503) and the pool drops
  // it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect();
    try {
      await client.query('SELECT 1');
    } finally {
      client.release();
    }
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnreachableError(`cannot use the PostgreSQL database at ${describePostgresUrl(url)}: ${redact(reason, url)}`);
  }
}

/** A driver message never repeats the password it was given. */
function redact(message: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // no password to hide
  }
  return password ? message.split(password).join('***') : message;
}
