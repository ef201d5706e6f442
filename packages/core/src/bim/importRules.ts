import { edgeBuilding, type GraphEdge } from '../contract/graph.js';

/** i18n keys (namespace `bim`) of the Import tab's refusals (core-shell §5). */
export type SingleBuildingRefusal = 'noDataSetToSave' | 'spansMoreThanOneBuilding';

export type SingleBuildingCheck = { ok: true; building: string } | { ok: false; textKey: SingleBuildingRefusal; buildings: string[] };

/**
 * Import overwrite: the edges must come from exactly one building. None -> "No data set to save";
 * several -> "Data set spans more than one building - aborting." (texts in i18n `bim:<textKey>`).
 */
export function singleBuildingOf(edges: readonly GraphEdge[]): SingleBuildingCheck {
  const buildings = [...new Set(edges.map(edgeBuilding).filter((name): name is string => name !== undefined))];
  if (edges.length === 0 || buildings.length === 0) return { ok: false, textKey: 'noDataSetToSave', buildings };
  if (buildings.length > 1) return { ok: false, textKey: 'spansMoreThanOneBuilding', buildings };
  return { ok: true, building: buildings[0]! };
}

/** Both nodes of a pair exist (spec §5: a pair is added to the edges only then). */
export function canAddPair(modelNode: unknown, tagNode: unknown): boolean {
  return modelNode !== null && modelNode !== undefined && tagNode !== null && tagNode !== undefined;
}

/** What an overwrite would do to a building: edges to add and to remove, by uuid. */
export interface EdgeDiff {
  added: GraphEdge[];
  removed: GraphEdge[];
  unchanged: GraphEdge[];
}

/** Compares a building's stored edges with the ones that would replace them (ids derive from content). */
export function diffEdges(current: readonly GraphEdge[], next: readonly GraphEdge[]): EdgeDiff {
  const currentById = new Map(current.map((edge) => [edge.uuid, edge]));
  const nextIds = new Set(next.map((edge) => edge.uuid));
  const same = (a: GraphEdge, b: GraphEdge) => JSON.stringify([a.from_node, a.to_node]) === JSON.stringify([b.from_node, b.to_node]);
  const added: GraphEdge[] = [];
  const unchanged: GraphEdge[] = [];
  for (const edge of next) {
    const stored = currentById.get(edge.uuid);
    if (stored && same(stored, edge)) unchanged.push(edge);
    else added.push(edge);
  }
  return { added, removed: current.filter((edge) => !nextIds.has(edge.uuid)), unchanged };
}
