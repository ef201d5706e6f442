import {
  csv2edgesResponse,
  listEdgesResponse,
  listNodesResponse,
  postEdgesResponse,
  type EdgeCriteria,
  type GraphEdge,
  type GraphNode,
  type NodeCriteria,
  type PostEdgesResponse,
} from '../contract/graph.js';
import type { HttpClient } from '../http/createHttpClient.js';

/**
 * The csv2edges backend and the junction-box graph service (contract/graph.ts). Errors are core's
 * HttpError (a 400 from csv2edges has `detail` naming every bad line, and `body.errors`).
 */
export interface GraphCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

function pass(options: GraphCallOptions | undefined): GraphCallOptions {
  const out: GraphCallOptions = {};
  if (options?.signal) out.signal = options.signal;
  if (options?.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  return out;
}

/** POST /csv2edges: plain-text CSV in, edges out. */
export function csv2edges(http: HttpClient, csv: string, options?: GraphCallOptions): Promise<GraphEdge[]> {
  return http.request('csv2edges', '/csv2edges', {
    ...pass(options),
    method: 'POST',
    rawBody: csv,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    schema: csv2edgesResponse,
  });
}

/** GET /edges with criteria (building, node, controllerId, guid, uuid). */
export function loadEdges(http: HttpClient, criteria: EdgeCriteria = {}, options?: GraphCallOptions): Promise<GraphEdge[]> {
  return http.request('graph', '/edges', { ...pass(options), query: { ...criteria }, schema: listEdgesResponse });
}

/** GET /nodes with criteria (uuid, type, building, controllerId, guid). */
export function loadNodes(http: HttpClient, criteria: NodeCriteria = {}, options?: GraphCallOptions): Promise<GraphNode[]> {
  return http.request('graph', '/nodes', { ...pass(options), query: { ...criteria }, schema: listNodesResponse });
}

/** The distinct nodes of edges, each once (POST /nodes takes them before the edges). */
export function nodesOfEdges(edges: readonly GraphEdge[]): GraphNode[] {
  const nodes = new Map<string, GraphNode>();
  for (const edge of edges) {
    nodes.set(edge.from_node.uuid, edge.from_node);
    nodes.set(edge.to_node.uuid, edge.to_node);
  }
  return [...nodes.values()];
}

/**
 * Saves edges: POST /nodes (their nodes), then POST /edges (uuids). With `overwrite`, the server
 * replaces every edge of the one building the edges belong to (check singleBuildingOf first: the
 * server refuses none or several with a 400 of its own).
 */
export async function saveEdges(
  http: HttpClient,
  edges: readonly GraphEdge[],
  { overwrite = false, ...options }: GraphCallOptions & { overwrite?: boolean } = {},
): Promise<PostEdgesResponse> {
  if (edges.length > 0) {
    await http.request('graph', '/nodes', { ...pass(options), method: 'POST', body: nodesOfEdges(edges), schema: listNodesResponse });
  }
  return http.request('graph', '/edges', {
    ...pass(options),
    method: 'POST',
    query: overwrite ? { overwrite: 'true' } : {},
    body: edges.map((edge) => ({ uuid: edge.uuid, from_node: edge.from_node.uuid, to_node: edge.to_node.uuid })),
    schema: postEdgesResponse,
  });
}

/**
 * Removes a connection: DELETE /edges/{uuid}, then each of its nodes no other edge uses (DELETE
 * /nodes/{uuid}; the server refuses a node in use with 409, which is skipped).
 */
export async function removeEdge(http: HttpClient, edge: GraphEdge, options?: GraphCallOptions): Promise<void> {
  await http.request('graph', `/edges/${encodeURIComponent(edge.uuid)}`, { ...pass(options), method: 'DELETE' });
  for (const node of [edge.from_node, edge.to_node]) {
    const still = await loadEdges(http, { node: node.uuid }, options);
    if (still.length > 0) continue;
    try {
      await http.request('graph', `/nodes/${encodeURIComponent(node.uuid)}`, { ...pass(options), method: 'DELETE' });
    } catch (error) {
      if ((error as { status?: number }).status !== 409 && (error as { status?: number }).status !== 404) throw error;
    }
  }
}

/** The building list: every building some visible tag node belongs to, sorted (GET /nodes?type=tag). */
export async function listBuildings(http: HttpClient, options?: GraphCallOptions): Promise<string[]> {
  const nodes = await loadNodes(http, { type: 'tag' }, options);
  const names = new Set(nodes.map((node) => (node.obj.type === 'tag' ? node.obj.building : '')).filter((name) => name !== ''));
  return [...names].sort((a, b) => a.localeCompare(b, 'nb'));
}
