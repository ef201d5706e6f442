import type { GraphEdge, GraphNode } from '@varde/core/contract';
import { visibleSites } from '../controllers/visibleSites.js';
import { partnerScopeOf, sees } from '../partners/partnerScope.js';
import type { CloudServices } from '../services.js';
import type { GraphStore } from './graphStore.js';

/** What one caller may see of the graph. */
export interface GraphVisibility {
  /** The partner the caller's new model nodes belong to. */
  partner: string;
  node(node: GraphNode): boolean;
  edge(edge: GraphEdge): boolean;
}

/**
 * Tag nodes are seen with their site, model nodes by their partner (a system admin sees all); an edge
 * when both its nodes are. Used by the graph routes and by the access hook's node and edge lookups.
 */
export function graphVisibility(ctx: Pick<CloudServices, 'db' | 'realtime'>, store: Pick<GraphStore, 'ownerOf'>, uid: string): GraphVisibility {
  const sites = new Set(visibleSites(ctx, uid).map((site) => site.uuid));
  const scope = partnerScopeOf(ctx, uid);
  const node = (item: GraphNode) =>
    item.obj.type === 'bim' ? sees(scope, store.ownerOf(item.uuid) ?? scope.partner) : sites.has(item.obj.controllerId);
  return { partner: scope.partner, node, edge: (edge) => node(edge.from_node) && node(edge.to_node) };
}
