import type { GraphEdge, GraphNode } from '@varde/core/contract';
import { visibleSites } from '../controllers/visibleSites.js';
import { partnerScopeOf, sees } from '../partners/partnerScope.js';
import type { CloudServices } from '../services.js';
import type { Tx } from '../storage/transaction.js';
import type { GraphStore } from './graphStore.js';

/** What one caller may see of the graph. Inside a transaction, pass its Tx (a model node's owner is read). */
export interface GraphVisibility {
  /** The partner the caller's new model nodes belong to. */
  partner: string;
  node(node: GraphNode, tx?: Tx): Promise<boolean>;
  edge(edge: GraphEdge, tx?: Tx): Promise<boolean>;
}

/**
 * Tag nodes are seen with their site, model nodes by their partner (a system admin sees all); an edge
 * when both its nodes are. Used by the graph routes and by the access hook's node and edge lookups.
 */
export async function graphVisibility(
  ctx: Pick<CloudServices, 'db' | 'realtime'>,
  store: Pick<GraphStore, 'ownerOf'>,
  uid: string,
): Promise<GraphVisibility> {
  const sites = new Set((await visibleSites(ctx, uid)).map((site) => site.uuid));
  const scope = await partnerScopeOf(ctx, uid);
  const node = async (item: GraphNode, tx?: Tx) =>
    item.obj.type === 'bim' ? sees(scope, (await store.ownerOf(item.uuid, tx)) ?? scope.partner) : sites.has(item.obj.controllerId);
  return {
    partner: scope.partner,
    node,
    edge: async (edge, tx) => (await node(edge.from_node, tx)) && (await node(edge.to_node, tx)),
  };
}
