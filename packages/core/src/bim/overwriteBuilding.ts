import type { GraphEdge, PostEdgesResponse } from '../contract/graph.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { saveEdges, type GraphCallOptions } from './graphClient.js';
import { singleBuildingOf, type SingleBuildingRefusal } from './importRules.js';

/** The Import tab's refusal, before anything is sent; `textKey` is in i18n namespace `bim`. */
export class BimImportRefused extends Error {
  readonly textKey: SingleBuildingRefusal;
  readonly buildings: string[];
  constructor(textKey: SingleBuildingRefusal, buildings: string[]) {
    super(textKey === 'noDataSetToSave' ? 'No data set to save' : 'Data set spans more than one building - aborting.');
    this.name = 'BimImportRefused';
    this.textKey = textKey;
    this.buildings = buildings;
  }
}

/**
 * "Overwrite all for the building": the edges must come from exactly one building (else
 * BimImportRefused, nothing written); then that building's edges are replaced by these, atomically.
 */
export async function overwriteBuildingEdges(
  http: HttpClient,
  edges: readonly GraphEdge[],
  options?: GraphCallOptions,
): Promise<PostEdgesResponse & { building: string }> {
  const check = singleBuildingOf(edges);
  if (!check.ok) throw new BimImportRefused(check.textKey, check.buildings);
  const answer = await saveEdges(http, edges, { ...options, overwrite: true });
  return { ...answer, building: check.building };
}
