import type { EdgeCriteria, GraphEdge, GraphNode, NodeCriteria, NodeObj } from '@varde/core/contract';
import type { Db } from '../storage/db.js';

/**
 * The junction-box graph in SQLite. The tables belong to this service and are created here (IF NOT
 * EXISTS), so the graph persists with `--data` like everything else.
 */
const SCHEMA = `
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
CREATE INDEX IF NOT EXISTS graph_edges_building ON graph_edges(building);
CREATE INDEX IF NOT EXISTS graph_edges_to ON graph_edges(to_node);
CREATE INDEX IF NOT EXISTS graph_edges_from ON graph_edges(from_node);
`;

interface NodeRow { uuid: string; obj: string }
interface EdgeRow { uuid: string; from_node: string; to_node: string; from_obj: string; to_obj: string }

function nodeOf(row: NodeRow): GraphNode {
  return { uuid: row.uuid, obj: JSON.parse(row.obj) as NodeObj };
}

export interface StoredEdge { uuid: string; from_node: string; to_node: string; building: string }

type Where = { clauses: string[]; values: string[] };

function condition(where: Where, sql: string, value: string | undefined, times = 1): void {
  if (value === undefined) return;
  where.clauses.push(sql);
  for (let index = 0; index < times; index += 1) where.values.push(value);
}

function whereSql(where: Where): string {
  return where.clauses.length > 0 ? `WHERE ${where.clauses.join(' AND ')}` : '';
}

/** Graphs made before nodes had owners: their nodes go to `varde`, the operator's partner (no creator was kept). */
function addPartnerColumn(db: Db): void {
  const columns = db.prepare('PRAGMA table_info(graph_nodes)').all() as { name: string }[];
  if (!columns.some((column) => column.name === 'partner')) {
    db.exec("ALTER TABLE graph_nodes ADD COLUMN partner TEXT NOT NULL DEFAULT 'varde'");
  }
}

export function createGraphStore(db: Db) {
  db.exec(SCHEMA);
  addPartnerColumn(db);
  // A node keeps the partner that first saved it.
  const upsertNode = db.prepare(
    `INSERT INTO graph_nodes (uuid, type, building, controller_id, guid, obj, partner) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(uuid) DO UPDATE SET type = excluded.type, building = excluded.building,
       controller_id = excluded.controller_id, guid = excluded.guid, obj = excluded.obj`,
  );
  const upsertEdge = db.prepare(
    `INSERT INTO graph_edges (uuid, from_node, to_node, building) VALUES (?, ?, ?, ?)
     ON CONFLICT(uuid) DO UPDATE SET from_node = excluded.from_node, to_node = excluded.to_node, building = excluded.building`,
  );

  const moveEdges = db.prepare('UPDATE graph_edges SET building = ? WHERE to_node = ?');

  function nodes(criteria: NodeCriteria): GraphNode[] {
    const where: Where = { clauses: [], values: [] };
    condition(where, 'uuid = ?', criteria.uuid);
    condition(where, 'type = ?', criteria.type);
    condition(where, 'building = ?', criteria.building);
    condition(where, 'controller_id = ?', criteria.controllerId);
    condition(where, 'guid = ?', criteria.guid);
    const sql = `SELECT uuid, obj FROM graph_nodes ${whereSql(where)} ORDER BY uuid`;
    return (db.prepare(sql).all(...where.values) as NodeRow[]).map(nodeOf);
  }

  function edges(criteria: EdgeCriteria): GraphEdge[] {
    const where: Where = { clauses: [], values: [] };
    condition(where, 'e.uuid = ?', criteria.uuid);
    condition(where, 'e.building = ?', criteria.building);
    condition(where, '(e.from_node = ? OR e.to_node = ?)', criteria.node, 2);
    condition(where, '(f.controller_id = ? OR t.controller_id = ?)', criteria.controllerId, 2);
    condition(where, '(f.guid = ? OR t.guid = ?)', criteria.guid, 2);
    const sql = `SELECT e.uuid, e.from_node, e.to_node, f.obj AS from_obj, t.obj AS to_obj
      FROM graph_edges e JOIN graph_nodes f ON f.uuid = e.from_node JOIN graph_nodes t ON t.uuid = e.to_node
      ${whereSql(where)} ORDER BY e.building, t.controller_id, e.uuid`;
    return (db.prepare(sql).all(...where.values) as EdgeRow[]).map((row) => ({
      uuid: row.uuid,
      from_node: nodeOf({ uuid: row.from_node, obj: row.from_obj }),
      to_node: nodeOf({ uuid: row.to_node, obj: row.to_obj }),
    }));
  }

  return {
    nodes,
    edges,
    node(uuid: string): GraphNode | undefined {
      const row = db.prepare('SELECT uuid, obj FROM graph_nodes WHERE uuid = ?').get(uuid) as NodeRow | undefined;
      return row ? nodeOf(row) : undefined;
    },
    /** The partner that owns a node (model nodes are seen by their partner only), null when there is none. */
    ownerOf(uuid: string): string | null {
      return (db.prepare('SELECT partner FROM graph_nodes WHERE uuid = ?').get(uuid) as { partner: string } | undefined)?.partner ?? null;
    },
    saveNodes(list: GraphNode[], partner: string): void {
      db.transaction(() => {
        for (const { uuid, obj } of list) {
          upsertNode.run(
            uuid,
            obj.type,
            obj.type === 'tag' ? obj.building : null,
            obj.type === 'tag' ? obj.controllerId : null,
            obj.type === 'bim' ? obj['BIM GUID'] : null,
            JSON.stringify(obj),
            partner,
          );
          // An edge's building is its tag node's: keep it in step when the node moves building.
          if (obj.type === 'tag') moveEdges.run(obj.building, uuid);
        }
      })();
    },
    /** Saves edges; with `replaceBuilding`, also removes that building's edges not in the list. Atomic. */
    saveEdges(list: StoredEdge[], replaceBuilding?: string): number {
      let removed = 0;
      db.transaction(() => {
        if (replaceBuilding !== undefined) {
          const keep = new Set(list.map((edge) => edge.uuid));
          const current = db.prepare('SELECT uuid FROM graph_edges WHERE building = ?').all(replaceBuilding) as { uuid: string }[];
          const remove = db.prepare('DELETE FROM graph_edges WHERE uuid = ?');
          for (const { uuid } of current) {
            if (keep.has(uuid)) continue;
            remove.run(uuid);
            removed += 1;
          }
        }
        for (const edge of list) upsertEdge.run(edge.uuid, edge.from_node, edge.to_node, edge.building);
      })();
      return removed;
    },
    edgeRecord(uuid: string): StoredEdge | undefined {
      return db.prepare('SELECT uuid, from_node, to_node, building FROM graph_edges WHERE uuid = ?').get(uuid) as StoredEdge | undefined;
    },
    deleteEdge(uuid: string): void {
      db.prepare('DELETE FROM graph_edges WHERE uuid = ?').run(uuid);
    },
    edgeCountOf(nodeUuid: string): number {
      const row = db.prepare('SELECT COUNT(*) AS n FROM graph_edges WHERE from_node = ? OR to_node = ?').get(nodeUuid, nodeUuid);
      return (row as { n: number }).n;
    },
    deleteNode(uuid: string): void {
      db.prepare('DELETE FROM graph_nodes WHERE uuid = ?').run(uuid);
    },
  };
}
export type GraphStore = ReturnType<typeof createGraphStore>;
