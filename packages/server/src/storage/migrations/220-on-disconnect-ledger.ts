import type { Migration } from './migration.js';

const tables = (bigint: string) => `
    CREATE TABLE realtime_on_disconnect (
      session_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      node TEXT NOT NULL,
      kind TEXT NOT NULL,
      path TEXT NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (session_id, seq)
    );
    CREATE INDEX realtime_on_disconnect_by_node ON realtime_on_disconnect (node);
    CREATE TABLE cluster_nodes (
      node TEXT PRIMARY KEY,
      heartbeat_at ${bigint} NOT NULL
    );
`;

/**
 * A realtime connection's onDisconnect writes are kept in the database as well as in its node's memory
 * (issue 24): when the node crashes, its connections never close cleanly, and the leader applies their
 * writes once the node's heartbeat (cluster_nodes) is stale.
 */
export const onDisconnectLedgerMigration: Migration = {
  id: '220-on-disconnect-ledger',
  sql: tables('INTEGER'),
  postgres: tables('BIGINT'),
};
