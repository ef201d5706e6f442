import type { EdgeCriteria, GraphEdge, GraphNode, NodeCriteria, NodeObj } from '@varde/core/contract';
import { sql } from 'kysely';
import type { Db } from '../storage/db.js';
import { countOf, touched } from '../storage/executeResults.js';
import { withinTransaction, type Tx } from '../storage/transaction.js';

/**
 * The junction-box graph in the database (tables from migration 180), so the graph persists like
 * everything else. Every method takes an optional Tx: the graph routes check and write in one
 * transaction (see routes.ts).
 */

interface NodeRow { uuid: string; obj: string }
interface EdgeRow { uuid: string; from_node: string; to_node: string; from_obj: string; to_obj: string }

function nodeOf(row: NodeRow): GraphNode {
  return { uuid: row.uuid, obj: JSON.parse(row.obj) as NodeObj };
}

export interface StoredEdge { uuid: string; from_node: string; to_node: string; building: string }

/** Graphs made before nodes had owners: their nodes go to `varde`, the operator's partner (no creator was kept). */
async function addPartnerColumn(db: Db): Promise<void> {
  const tables = await db.introspection.getTables();
  const nodes = tables.find((table) => table.name === 'graph_nodes');
  if (nodes && !nodes.columns.some((column) => column.name === 'partner')) {
    await sql`ALTER TABLE graph_nodes ADD COLUMN partner TEXT NOT NULL DEFAULT 'varde'`.execute(db);
  }
}

/** The graph store (its tables come from migration 180; older SQLite ones may lack the partner column). */
export async function createGraphStore(db: Db) {
  await addPartnerColumn(db);
  const on = (tx: Tx | undefined) => tx?.db ?? db;

  function nodes(criteria: NodeCriteria, tx?: Tx): Promise<GraphNode[]> {
    let query = on(tx).selectFrom('graph_nodes').select(['uuid', 'obj']);
    if (criteria.uuid !== undefined) query = query.where('uuid', '=', criteria.uuid);
    if (criteria.type !== undefined) query = query.where('type', '=', criteria.type);
    if (criteria.building !== undefined) query = query.where('building', '=', criteria.building);
    if (criteria.controllerId !== undefined) query = query.where('controller_id', '=', criteria.controllerId);
    if (criteria.guid !== undefined) query = query.where('guid', '=', criteria.guid);
    return query.orderBy('uuid').execute().then((rows) => (rows as NodeRow[]).map(nodeOf));
  }

  async function edges(criteria: EdgeCriteria, tx?: Tx): Promise<GraphEdge[]> {
    let query = on(tx)
      .selectFrom('graph_edges as e')
      .innerJoin('graph_nodes as f', 'f.uuid', 'e.from_node')
      .innerJoin('graph_nodes as t', 't.uuid', 'e.to_node')
      .select(['e.uuid', 'e.from_node', 'e.to_node', 'f.obj as from_obj', 't.obj as to_obj']);
    const { uuid, building, node, controllerId, guid } = criteria;
    if (uuid !== undefined) query = query.where('e.uuid', '=', uuid);
    if (building !== undefined) query = query.where('e.building', '=', building);
    if (node !== undefined) query = query.where((eb) => eb.or([eb('e.from_node', '=', node), eb('e.to_node', '=', node)]));
    if (controllerId !== undefined) {
      query = query.where((eb) => eb.or([eb('f.controller_id', '=', controllerId), eb('t.controller_id', '=', controllerId)]));
    }
    if (guid !== undefined) query = query.where((eb) => eb.or([eb('f.guid', '=', guid), eb('t.guid', '=', guid)]));
    const rows = (await query.orderBy('e.building').orderBy('t.controller_id').orderBy('e.uuid').execute()) as EdgeRow[];
    return rows.map((row) => ({
      uuid: row.uuid,
      from_node: nodeOf({ uuid: row.from_node, obj: row.from_obj }),
      to_node: nodeOf({ uuid: row.to_node, obj: row.to_obj }),
    }));
  }

  return {
    nodes,
    edges,
    async node(uuid: string, tx?: Tx): Promise<GraphNode | undefined> {
      const row = (await on(tx).selectFrom('graph_nodes').select(['uuid', 'obj']).where('uuid', '=', uuid).executeTakeFirst()) as NodeRow | undefined;
      return row ? nodeOf(row) : undefined;
    },
    /** The partner that owns a node (model nodes are seen by their partner only), null when there is none. */
    async ownerOf(uuid: string, tx?: Tx): Promise<string | null> {
      const row = await on(tx).selectFrom('graph_nodes').select('partner').where('uuid', '=', uuid).executeTakeFirst();
      return (row?.partner as string | undefined) ?? null;
    },
    saveNodes(list: GraphNode[], partner: string, tx?: Tx): Promise<void> {
      return withinTransaction(db, tx, async ({ db: inside }) => {
        for (const { uuid, obj } of list) {
          // A node keeps the partner that first saved it.
          await inside
            .insertInto('graph_nodes')
            .values({
              uuid,
              type: obj.type,
              building: obj.type === 'tag' ? obj.building : null,
              controller_id: obj.type === 'tag' ? obj.controllerId : null,
              guid: obj.type === 'bim' ? obj['BIM GUID'] : null,
              obj: JSON.stringify(obj),
              partner,
            })
            .onConflict((oc) =>
              oc.column('uuid').doUpdateSet((eb) => ({
                type: eb.ref('excluded.type'),
                building: eb.ref('excluded.building'),
                controller_id: eb.ref('excluded.controller_id'),
                guid: eb.ref('excluded.guid'),
                obj: eb.ref('excluded.obj'),
              })),
            )
            .execute();
          // An edge's building is its tag node's: keep it in step when the node moves building.
          if (obj.type === 'tag') await inside.updateTable('graph_edges').set({ building: obj.building }).where('to_node', '=', uuid).execute();
        }
      });
    },
    /** Saves edges; with `replaceBuilding`, also removes that building's edges not in the list. Atomic. */
    saveEdges(list: StoredEdge[], replaceBuilding?: string, tx?: Tx): Promise<number> {
      return withinTransaction(db, tx, async ({ db: inside }) => {
        let removed = 0;
        if (replaceBuilding !== undefined) {
          const keep = new Set(list.map((edge) => edge.uuid));
          const current = await inside.selectFrom('graph_edges').select('uuid').where('building', '=', replaceBuilding).execute();
          const gone = current.map((row) => row.uuid as string).filter((uuid) => !keep.has(uuid));
          for (const uuid of gone) removed += touched(await inside.deleteFrom('graph_edges').where('uuid', '=', uuid).executeTakeFirst());
        }
        for (const edge of list) {
          await inside
            .insertInto('graph_edges')
            .values(edge)
            .onConflict((oc) =>
              oc.column('uuid').doUpdateSet((eb) => ({
                from_node: eb.ref('excluded.from_node'),
                to_node: eb.ref('excluded.to_node'),
                building: eb.ref('excluded.building'),
              })),
            )
            .execute();
        }
        return removed;
      });
    },
    async edgeRecord(uuid: string, tx?: Tx): Promise<StoredEdge | undefined> {
      return (await on(tx).selectFrom('graph_edges').select(['uuid', 'from_node', 'to_node', 'building']).where('uuid', '=', uuid).executeTakeFirst()) as
        | StoredEdge
        | undefined;
    },
    async deleteEdge(uuid: string, tx?: Tx): Promise<void> {
      await on(tx).deleteFrom('graph_edges').where('uuid', '=', uuid).execute();
    },
    async edgeCountOf(nodeUuid: string, tx?: Tx): Promise<number> {
      const row = await on(tx)
        .selectFrom('graph_edges')
        .select(sql<number>`count(*)`.as('n'))
        .where((eb) => eb.or([eb('from_node', '=', nodeUuid), eb('to_node', '=', nodeUuid)]))
        .executeTakeFirst();
      return countOf(row);
    },
    async deleteNode(uuid: string, tx?: Tx): Promise<void> {
      await on(tx).deleteFrom('graph_nodes').where('uuid', '=', uuid).execute();
    },
  };
}
export type GraphStore = Awaited<ReturnType<typeof createGraphStore>>;
