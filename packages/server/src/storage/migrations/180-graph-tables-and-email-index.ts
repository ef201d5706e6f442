import type { Migration } from './migration.js';

const graphTables = `
    CREATE TABLE IF NOT EXISTS graph_nodes (
      uuid TEXT PRIMARY KEY,
      type TEXT NOT NULL,
      building TEXT,
      controller_id TEXT,
      guid TEXT,
      obj TEXT NOT NULL,
      partner TEXT NOT NULL DEFAULT 'varde'
    );
    CREATE TABLE IF NOT EXISTS graph_edges (
      uuid TEXT PRIMARY KEY,
      from_node TEXT NOT NULL REFERENCES graph_nodes(uuid),
      to_node TEXT NOT NULL REFERENCES graph_nodes(uuid),
      building TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS graph_edges_building ON graph_edges (building);
    CREATE INDEX IF NOT EXISTS graph_edges_to ON graph_edges (to_node);
    CREATE INDEX IF NOT EXISTS graph_edges_from ON graph_edges (from_node);
`;

/**
 * The BIM graph's tables, which the graph store used to make at start, become a migration like every
 * other table (IF NOT EXISTS: SQLite databases made before have them already). And accounts get the
 * same unique index on lower(email) on both engines (on SQLite the column's NOCASE already folds the
 * same ASCII letters, so no existing row can break it).
 */
export const graphTablesAndEmailIndexMigration: Migration = {
  id: '180-graph-tables-and-email-index',
  sql: `${graphTables}
    CREATE UNIQUE INDEX accounts_by_email ON accounts (lower(email));
  `,
  postgres: graphTables,
};
