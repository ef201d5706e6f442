import pg from 'pg';

/**
 * A connection of its own, outside the pool, for what lives as long as a session: a session advisory
 * lock (startup, leadership) or a LISTEN. Such state would stick to whichever request borrowed a pooled
 * connection next. Errors after connecting go to `onError` (a dropped connection must not crash the
 * process); the caller then makes a new one, since a pg Client never reconnects.
 */
export async function openDedicatedClient(
  url: string,
  onError: (error: Error) => void,
  options: { timeoutMs?: number; queriesMayWait?: boolean; name?: string } = {},
): Promise<pg.Client> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    // A query that hangs (the network between went quiet) fails instead of waiting for ever; a lock
    // that waits for another node (queriesMayWait) has no such limit.
    ...(options.queriesMayWait ? {} : { query_timeout: timeoutMs }),
    keepAlive: true,
    // What a DBA sees in pg_stat_activity: which node, and what the connection is for.
    ...(options.name ? { application_name: options.name.slice(0, 63) } : {}),
  });
  client.on('error', onError);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}
