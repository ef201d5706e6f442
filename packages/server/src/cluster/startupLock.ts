import type { StorageLocation } from '../storage/db.js';
import { ADVISORY_LOCKS } from './advisoryLocks.js';
import { openDedicatedClient } from './dedicatedClient.js';

export interface StartupLock {
  /** Lets the next node in; safe to call twice. */
  release(): Promise<void>;
}

/**
 * What a node does once for the whole database when it is new (create the signing key, seed the demo)
 * runs under this lock: nodes started together on an empty database wait for one another, and the
 * later ones find the key and the seed already there. A session lock on a connection of its own, so a
 * node that dies while holding it lets go with its connection. SQLite has one node: nothing to take.
 */
export async function takeStartupLock(storage: StorageLocation, nodeId: string): Promise<StartupLock> {
  if (storage.kind !== 'postgres') return { release: async () => undefined };
  // Should this connection drop while seeding, the key (stored first) still tells later nodes not to seed.
  // Waiting for another node's seed takes longer than a query should: no timeout on this connection.
  const client = await openDedicatedClient(storage.url, () => undefined, { queriesMayWait: true, name: `varde startup ${nodeId}` });
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [ADVISORY_LOCKS.startup]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  let released: Promise<void> | null = null;
  return {
    release: () => (released ??= client.end().catch(() => undefined)),
  };
}
