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
import type { GraphStore, StoredEdge } from './graphStore.js';
import { graphVisibility, type GraphVisibility as Visibility } from './visibility.js';

type UuidParams = { Params: { uuid: string } };

/**
 * The junction-box graph service at /cloud/graph, for users with the `bim` module. Decisions (paths
 * and shapes not shown) are in the server README: nodes and edges as in contract/graph.ts, a tag node
 * is visible and writable only to users who have its site, POST /edges?overwrite=true replaces one
 * building's edges atomically, and a node still used by an edge cannot be deleted (409).
 */
export function registerGraphRoutes(app: FastifyInstance, ctx: CloudContext, store: GraphStore): void {
  function visibilityFor(request: FastifyRequest): Visibility {
    const { uid } = callerOf(request);
    requireModule(ctx, uid, 'bim', 'the BIM tool');
    return graphVisibility(ctx, store, uid);
  }

  function requireWritable(visible: Visibility, item: GraphNode): void {
    if (visible.node(item)) return;
    if (item.obj.type === 'tag') throw new HttpError(403, `You do not have access to controller ${item.obj.controllerId}`);
    throw new HttpError(409, `Node ${item.uuid} is taken`); // another partner's model node: ids derive from content
  }

  /** Resolves written edges to stored ones: nodes exist, a model node to a tag node, tag visible. */
  function resolveEdges(visible: Visibility, edges: { uuid: string; from_node: string; to_node: string }[]): StoredEdge[] {
    const seen = new Set<string>();
    return edges.map((edge, index) => {
      if (seen.has(edge.uuid)) throw new HttpError(400, `[${index}]: edge ${edge.uuid} is given twice`);
      seen.add(edge.uuid);
      const from = store.node(edge.from_node);
      const to = store.node(edge.to_node);
      // 404 as for a missing node: another partner's node or a site the caller lacks is not revealed.
      if (!from || !visible.node(from)) throw new HttpError(404, `[${index}].from_node: no node ${edge.from_node}`);
      if (!to || !visible.node(to)) throw new HttpError(404, `[${index}].to_node: no node ${edge.to_node}`);
      if (from.obj.type !== 'bim') throw new HttpError(400, `[${index}].from_node: must be a BIM model node`);
      if (to.obj.type !== 'tag') throw new HttpError(400, `[${index}].to_node: must be a controller-tag node`);
      return { uuid: edge.uuid, from_node: from.uuid, to_node: to.uuid, building: to.obj.building };
    });
  }

  /** The one building an overwrite replaces; the server's own texts (the UI has its own). */
  function overwriteBuilding(visible: Visibility, edges: StoredEdge[]): string {
    const buildings = [...new Set(edges.map((edge) => edge.building))];
    if (buildings.length === 0) throw new HttpError(400, 'Nothing to overwrite with: no edges were given');
    if (buildings.length > 1) {
      throw new HttpError(400, `An overwrite replaces one building, but the edges belong to ${buildings.length}: ${buildings.join(', ')}`);
    }
    const building = buildings[0]!;
    const hidden = store.edges({ building }).filter((edge) => !visible.edge(edge));
    if (hidden.length > 0) throw new HttpError(403, `Building ${building} has connections to controllers you do not have access to`);
    return building;
  }

  void app.register(
    async (api) => {
      api.post('/nodes', async (request): Promise<GraphNode[]> => {
        const visible = visibilityFor(request);
        const nodes = parseWith(postNodesRequest, request.body);
        for (const item of nodes) {
          requireWritable(visible, item);
          const existing = store.node(item.uuid);
          if (existing) requireWritable(visible, existing);
          if (existing && existing.obj.type !== item.obj.type && store.edgeCountOf(item.uuid) > 0) {
            throw new HttpError(409, `Node ${item.uuid} is a ${existing.obj.type} node used by connections; its type cannot change`);
          }
        }
        store.saveNodes(nodes, visible.partner);
        return nodes;
      });

      api.get('/nodes', async (request): Promise<GraphNode[]> => {
        const visible = visibilityFor(request);
        return store.nodes(parseWith(nodeCriteria, request.query)).filter(visible.node);
      });

      api.post('/edges', async (request): Promise<PostEdgesResponse> => {
        const visible = visibilityFor(request);
        const { overwrite } = parseWith(postEdgesQuery, request.query);
        const edges = resolveEdges(visible, parseWith(postEdgesRequest, request.body));
        const building = overwrite === 'true' ? overwriteBuilding(visible, edges) : undefined;
        const removed = store.saveEdges(edges, building);
        return { saved: edges.length, removed };
      });

      api.get('/edges', async (request): Promise<GraphEdge[]> => {
        const visible = visibilityFor(request);
        return store.edges(parseWith(edgeCriteria, request.query)).filter(visible.edge);
      });

      api.delete<UuidParams>('/edges/:uuid', async (request, reply) => {
        const visible = visibilityFor(request);
        const [edge] = store.edges({ uuid: request.params.uuid });
        if (!edge || !visible.edge(edge)) throw new HttpError(404, `No edge ${request.params.uuid}`);
        store.deleteEdge(edge.uuid);
        await reply.code(204).send();
      });

      api.delete<UuidParams>('/nodes/:uuid', async (request, reply) => {
        const visible = visibilityFor(request);
        const item = store.node(request.params.uuid);
        if (!item || !visible.node(item)) throw new HttpError(404, `No node ${request.params.uuid}`);
        const used = store.edgeCountOf(item.uuid);
        if (used > 0) throw new HttpError(409, `Node ${item.uuid} is used by ${used} connection(s); delete them first`);
        store.deleteNode(item.uuid);
        await reply.code(204).send();
      });
    },
    { prefix: servicePathPrefix('graph') },
  );
}
