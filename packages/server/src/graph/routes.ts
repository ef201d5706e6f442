import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  edgeCriteria,
  nodeCriteria,
  postEdgesQuery,
  postEdgesRequest,
  postNodesRequest,
  servicePathPrefix,
  type GraphEdge,
  type GraphNode,
  type PostEdgesResponse,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { requireModule } from '../faas/access.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { inTransaction, type Tx } from '../storage/transaction.js';
import type { GraphStore, StoredEdge } from './graphStore.js';
import { graphVisibility, type GraphVisibility as Visibility } from './visibility.js';
import { recordChangeBy } from '../audit/recordAudit.js';

type UuidParams = { Params: { uuid: string } };

/**
 * The junction-box graph service at /cloud/graph, for users with the `bim` module. Decisions (paths
 * and shapes not shown) are in the server README: nodes and edges as in contract/graph.ts, a tag node
 * is visible and writable only to users who have its site, POST /edges?overwrite=true replaces one
 * building's edges atomically, and a node still used by an edge cannot be deleted (409).
 */
export function registerGraphRoutes(app: FastifyInstance, ctx: CloudContext, store: GraphStore): void {
  async function visibilityFor(request: FastifyRequest): Promise<Visibility> {
    const { uid } = callerOf(request);
    await requireModule(ctx, uid, 'bim', 'the BIM tool');
    return graphVisibility(ctx, store, uid);
  }

  async function requireWritable(visible: Visibility, item: GraphNode, tx: Tx): Promise<void> {
    if (await visible.node(item, tx)) return;
    if (item.obj.type === 'tag') throw new HttpError(403, `You do not have access to controller ${item.obj.controllerId}`);
    throw new HttpError(409, `Node ${item.uuid} is taken`); // another partner's model node: ids derive from content
  }

  /** Filters to what the caller sees (one owner lookup at a time: they share the connection anyway). */
  async function visibleOnly<T>(items: T[], sees: (item: T) => Promise<boolean>): Promise<T[]> {
    const shown: T[] = [];
    for (const item of items) if (await sees(item)) shown.push(item);
    return shown;
  }

  /** Resolves written edges to stored ones: nodes exist, a model node to a tag node, tag visible. */
  async function resolveEdges(visible: Visibility, edges: { uuid: string; from_node: string; to_node: string }[], tx: Tx): Promise<StoredEdge[]> {
    const seen = new Set<string>();
    const resolved: StoredEdge[] = [];
    for (const [index, edge] of edges.entries()) {
      if (seen.has(edge.uuid)) throw new HttpError(400, `[${index}]: edge ${edge.uuid} is given twice`);
      seen.add(edge.uuid);
      const from = await store.node(edge.from_node, tx);
      const to = await store.node(edge.to_node, tx);
      // 404 as for a missing node: another partner's node or a site the caller lacks is not revealed.
      if (!from || !(await visible.node(from, tx))) throw new HttpError(404, `[${index}].from_node: no node ${edge.from_node}`);
      if (!to || !(await visible.node(to, tx))) throw new HttpError(404, `[${index}].to_node: no node ${edge.to_node}`);
      if (from.obj.type !== 'bim') throw new HttpError(400, `[${index}].from_node: must be a BIM model node`);
      if (to.obj.type !== 'tag') throw new HttpError(400, `[${index}].to_node: must be a controller-tag node`);
      resolved.push({ uuid: edge.uuid, from_node: from.uuid, to_node: to.uuid, building: to.obj.building });
    }
    return resolved;
  }

  /** The one building an overwrite replaces; the server's own texts (the UI has its own). */
  async function overwriteBuilding(visible: Visibility, edges: StoredEdge[], tx: Tx): Promise<string> {
    const buildings = [...new Set(edges.map((edge) => edge.building))];
    if (buildings.length === 0) throw new HttpError(400, 'Nothing to overwrite with: no edges were given');
    if (buildings.length > 1) {
      throw new HttpError(400, `An overwrite replaces one building, but the edges belong to ${buildings.length}: ${buildings.join(', ')}`);
    }
    const building = buildings[0]!;
    for (const edge of await store.edges({ building }, tx)) {
      if (!(await visible.edge(edge, tx))) throw new HttpError(403, `Building ${building} has connections to controllers you do not have access to`);
    }
    return building;
  }

  // Every write checks what it may change and changes it in one transaction: what was checked still
  // holds when it is written (another request cannot slip an edge or an owner in between).
  void app.register(
    async (api) => {
      api.post('/nodes', async (request): Promise<GraphNode[]> => {
        const visible = await visibilityFor(request);
        const nodes = parseWith(postNodesRequest, request.body);
        await inTransaction(ctx.db, async (tx) => {
          for (const item of nodes) {
            await requireWritable(visible, item, tx);
            const existing = await store.node(item.uuid, tx);
            if (existing) await requireWritable(visible, existing, tx);
            if (existing && existing.obj.type !== item.obj.type && (await store.edgeCountOf(item.uuid, tx)) > 0) {
              throw new HttpError(409, `Node ${item.uuid} is a ${existing.obj.type} node used by connections; its type cannot change`);
            }
          }
          await store.saveNodes(nodes, visible.partner, tx);
          await recordChangeBy(tx, request, { partnerId: visible.partner, action: 'bim.nodes-import', objectKind: 'graph', objectId: null, summary: `Imported ${nodes.length} BIM nodes` });
        });
        return nodes;
      });

      api.get('/nodes', async (request): Promise<GraphNode[]> => {
        const visible = await visibilityFor(request);
        return visibleOnly(await store.nodes(parseWith(nodeCriteria, request.query)), (node) => visible.node(node));
      });

      api.post('/edges', async (request): Promise<PostEdgesResponse> => {
        const visible = await visibilityFor(request);
        const { overwrite } = parseWith(postEdgesQuery, request.query);
        const written = parseWith(postEdgesRequest, request.body);
        return inTransaction(ctx.db, async (tx) => {
          const edges = await resolveEdges(visible, written, tx);
          const building = overwrite === 'true' ? await overwriteBuilding(visible, edges, tx) : undefined;
          const removed = await store.saveEdges(edges, building, tx);
          await recordChangeBy(tx, request, {
            partnerId: visible.partner,
            action: 'bim.edges-import',
            objectKind: 'graph',
            objectId: building ?? null,
            summary: `Imported ${edges.length} BIM connections${building ? `, replacing ${removed} of building ${building}` : ''}`,
          });
          return { saved: edges.length, removed };
        });
      });

      api.get('/edges', async (request): Promise<GraphEdge[]> => {
        const visible = await visibilityFor(request);
        return visibleOnly(await store.edges(parseWith(edgeCriteria, request.query)), (edge) => visible.edge(edge));
      });

      api.delete<UuidParams>('/edges/:uuid', async (request, reply) => {
        const visible = await visibilityFor(request);
        await inTransaction(ctx.db, async (tx) => {
          const [edge] = await store.edges({ uuid: request.params.uuid }, tx);
          if (!edge || !(await visible.edge(edge, tx))) throw new HttpError(404, `No edge ${request.params.uuid}`);
          await store.deleteEdge(edge.uuid, tx);
          await recordChangeBy(tx, request, { partnerId: visible.partner, action: 'bim.edge-delete', objectKind: 'graph-edge', objectId: edge.uuid, summary: `Deleted BIM connection ${edge.uuid}` });
        });
        await reply.code(204).send();
      });

      api.delete<UuidParams>('/nodes/:uuid', async (request, reply) => {
        const visible = await visibilityFor(request);
        await inTransaction(ctx.db, async (tx) => {
          const item = await store.node(request.params.uuid, tx);
          if (!item || !(await visible.node(item, tx))) throw new HttpError(404, `No node ${request.params.uuid}`);
          const used = await store.edgeCountOf(item.uuid, tx);
          if (used > 0) throw new HttpError(409, `Node ${item.uuid} is used by ${used} connection(s); delete them first`);
          await store.deleteNode(item.uuid, tx);
          await recordChangeBy(tx, request, { partnerId: visible.partner, action: 'bim.node-delete', objectKind: 'graph-node', objectId: item.uuid, summary: `Deleted BIM node ${item.uuid} (${item.obj.type})` });
        });
        await reply.code(204).send();
      });
    },
    { prefix: servicePathPrefix('graph') },
  );
}
