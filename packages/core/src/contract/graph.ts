import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * The junction-box graph service (BIM connections) and the csv2edges backend. Spec §3/§7: an edge is
 * `{uuid, from_node, to_node}`, each node `{uuid, obj}`. Decision (shapes not shown): `obj` is one of two
 * kinds, told apart by `type`:
 *  - `bim`: the building-model node, keys as the spec names the fields: `BIM GUID`, `BIM Navn`, `BIM beskrivelse`;
 *  - `tag`: the controller-tag node: `controllerId` (provider controller ID = the site's uuid),
 *    `building` (building name), `tag` (object name), `description`, `substation`.
 * An edge goes from a `bim` node to a `tag` node; its building is the tag node's building.
 */

/** Norwegian field labels the editors show (the spec calls these fields "Norwegian-labelled"). */
export const BIM_NODE_LABELS = { 'BIM GUID': 'BIM GUID', 'BIM Navn': 'BIM Navn', 'BIM beskrivelse': 'BIM beskrivelse' } as const;
export const TAG_NODE_LABELS = {
  controllerId: 'Leverandør kontroller-ID',
  building: 'Byggnavn',
  tag: 'Objektnavn',
  description: 'Beskrivelse',
  substation: 'Understasjon',
} as const;

const text = z.string().check(z.maxLength(500));
const required = (what: string) => z.string().check(z.trim(), z.minLength(1, `${what} is required`), z.maxLength(500));

export const bimNodeObj = z.object({
  type: z.literal('bim'),
  'BIM GUID': required('BIM GUID'),
  'BIM Navn': z._default(text, ''),
  'BIM beskrivelse': z._default(text, ''),
});
export type BimNodeObj = z.infer<typeof bimNodeObj>;

/** Controller-id and tag are trimmed (spec §5), so the schema trims them. */
export const tagNodeObj = z.object({
  type: z.literal('tag'),
  controllerId: required('controller ID'),
  building: required('building'),
  tag: required('tag'),
  description: z._default(text, ''),
  substation: z._default(text, ''),
});
export type TagNodeObj = z.infer<typeof tagNodeObj>;

export const nodeObj = z.discriminatedUnion('type', [bimNodeObj, tagNodeObj]);
export type NodeObj = z.infer<typeof nodeObj>;

export const graphNode = z.object({ uuid: z.string().check(z.minLength(1), z.maxLength(100)), obj: nodeObj });
export type GraphNode = z.infer<typeof graphNode>;
export type BimNode = { uuid: string; obj: BimNodeObj };
export type TagNode = { uuid: string; obj: TagNodeObj };

/** An edge as read (GET /edges, csv2edges): both nodes in full. */
export const graphEdge = z.object({ uuid: z.string().check(z.minLength(1), z.maxLength(100)), from_node: graphNode, to_node: graphNode });
export type GraphEdge = z.infer<typeof graphEdge>;

/** An edge as written (POST /edges): node uuids (the nodes are saved first with POST /nodes). */
export const edgeWrite = z.object({
  uuid: z.string().check(z.minLength(1), z.maxLength(100)),
  from_node: z.string().check(z.minLength(1)),
  to_node: z.string().check(z.minLength(1)),
});
export type EdgeWrite = z.infer<typeof edgeWrite>;

export const postNodesRequest = z.array(graphNode).check(z.maxLength(5000));
export const postEdgesRequest = z.array(edgeWrite).check(z.maxLength(5000));
export const listNodesResponse = z.array(graphNode);
export const listEdgesResponse = z.array(graphEdge);

/** GET /nodes criteria (all optional, combined with AND). */
export const nodeCriteria = z.object({
  uuid: z.optional(z.string()),
  type: z.optional(z.enum(['bim', 'tag'])),
  building: z.optional(z.string()),
  controllerId: z.optional(z.string()),
  guid: z.optional(z.string()),
});
export type NodeCriteria = z.infer<typeof nodeCriteria>;

/** GET /edges criteria: `node` matches either end. */
export const edgeCriteria = z.object({
  uuid: z.optional(z.string()),
  building: z.optional(z.string()),
  node: z.optional(z.string()),
  controllerId: z.optional(z.string()),
  guid: z.optional(z.string()),
});
export type EdgeCriteria = z.infer<typeof edgeCriteria>;

/** POST /edges?overwrite=true replaces every edge of the one building the posted edges belong to. */
export const postEdgesQuery = z.object({ overwrite: z.optional(z.enum(['true', 'false'])) });
export const postEdgesResponse = z.object({ saved: z.number().check(z.int()), removed: z.number().check(z.int()) });
export type PostEdgesResponse = z.infer<typeof postEdgesResponse>;

/** csv2edges: the CSV columns, in the order export writes them (a header row is required). */
export const EDGE_CSV_COLUMNS = [
  'bim_guid', 'bim_name', 'bim_description', 'controller_id', 'building', 'tag', 'description', 'substation',
] as const;
export type EdgeCsvColumn = (typeof EDGE_CSV_COLUMNS)[number];

/** A 4xx from csv2edges for bad lines: every bad line with its 1-based number in the file. */
export const csvLineError = z.object({ line: z.number().check(z.int()), message: z.string() });
export type CsvLineError = z.infer<typeof csvLineError>;
export const csvLineErrors = z.array(csvLineError);
export const csv2edgesError = z.object({ detail: z.string(), errors: z.optional(z.array(csvLineError)) });
export const csv2edgesResponse = z.array(graphEdge);

/** The building an edge belongs to (its tag node's), or undefined for a malformed edge. */
export function edgeBuilding(edge: GraphEdge): string | undefined {
  return edge.to_node.obj.type === 'tag' ? edge.to_node.obj.building : edge.from_node.obj.type === 'tag' ? edge.from_node.obj.building : undefined;
}

/** FNV-1a over UTF-16 code units, 32 bits, from a given offset basis. */
function fnv1a(text: string, basis: number): number {
  let hash = basis >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * A UUID (version 8, "custom") derived from text, identical in the browser, the CLI and the server.
 * Node and edge ids are derived from what they are, so converting the same CSV twice gives the same
 * ids, and export -> import --overwrite changes nothing. Not a security hash.
 */
export function contentUuid(text: string): string {
  const hex = [0x811c9dc5, 0x050c5d1f, 0x2ee7c3b1, 0x6a09e667]
    .map((basis, index) => fnv1a(`${index}:${text}`, basis).toString(16).padStart(8, '0'))
    .join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A model node's uuid: its GlobalId (unique across models). */
export function bimNodeUuid(guid: string): string {
  return contentUuid(`bim\n${guid.trim()}`);
}

/** A tag node's uuid: controller, building and tag (trimmed), so buildings never share a tag node. */
export function tagNodeUuid(controllerId: string, building: string, tag: string): string {
  return contentUuid(`tag\n${controllerId.trim()}\n${building.trim()}\n${tag.trim()}`);
}

/** An edge's uuid: its two ends. */
export function edgeUuid(fromNode: string, toNode: string): string {
  return contentUuid(`edge\n${fromNode}\n${toNode}`);
}

/** An edge from a model node to a tag node, with derived uuids. */
export function makeEdge(bim: BimNodeObj, tag: TagNodeObj): GraphEdge {
  const bimObj: BimNodeObj = { ...bim, 'BIM GUID': bim['BIM GUID'].trim() };
  const tagObj: TagNodeObj = { ...tag, controllerId: tag.controllerId.trim(), tag: tag.tag.trim() };
  const from = { uuid: bimNodeUuid(bimObj['BIM GUID']), obj: bimObj };
  const to = { uuid: tagNodeUuid(tagObj.controllerId, tagObj.building, tagObj.tag), obj: tagObj };
  return { uuid: edgeUuid(from.uuid, to.uuid), from_node: from, to_node: to };
}
