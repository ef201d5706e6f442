/**
 * One IFC file -> the products both local viewers draw: GlobalId, name, description, IFC class,
 * storey, and the triangles web-ifc computes (world coordinates, three.js axes: Y up, x east,
 * z = -IFC y). The web-ifc model is closed before this returns, so nothing stays in wasm memory.
 */
import { IFCBUILDINGSTOREY, IFCRELAGGREGATES, IFCRELCONTAINEDINSPATIALSTRUCTURE, IFCSPACE, type IfcAPI, type FlatMesh } from 'web-ifc';

export interface IfcStorey {
  globalId: string;
  name: string;
  /** Metres, as the file says (IfcBuildingStorey.Elevation). */
  elevation: number;
}

export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

export interface IfcProductMesh {
  globalId: string;
  name: string;
  description: string;
  /** IFC class as the schema spells it, e.g. IfcSensor. */
  ifcType: string;
  /** GlobalId of the storey it stands on (through containment or aggregation), if any. */
  storeyGlobalId: string | null;
  /** xyz triples, world coordinates. */
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
  bounds: Bounds;
}

export interface IfcModelData {
  storeys: IfcStorey[];
  products: IfcProductMesh[];
}

/** STEP attribute -> plain value (web-ifc wraps them as {type, value}). */
function valueOf(attribute: unknown): unknown {
  return attribute !== null && typeof attribute === 'object' && 'value' in attribute ? (attribute as { value: unknown }).value : attribute;
}

function textOf(attribute: unknown): string {
  const value = valueOf(attribute);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function refsOf(attribute: unknown): number[] {
  const list = Array.isArray(attribute) ? attribute : [attribute];
  return list.map(valueOf).filter((value): value is number => typeof value === 'number');
}

/** Child express id -> parent express id, through spatial containment and aggregation. */
function parentsOf(api: IfcAPI, modelId: number): Map<number, number> {
  const parents = new Map<number, number>();
  for (const id of api.GetLineIDsWithType(modelId, IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const rel = api.GetLine(modelId, id);
    const [parent] = refsOf(rel.RelatingStructure);
    if (parent !== undefined) for (const child of refsOf(rel.RelatedElements)) parents.set(child, parent);
  }
  for (const id of api.GetLineIDsWithType(modelId, IFCRELAGGREGATES)) {
    const rel = api.GetLine(modelId, id);
    const [parent] = refsOf(rel.RelatingObject);
    if (parent !== undefined) for (const child of refsOf(rel.RelatedObjects)) parents.set(child, parent);
  }
  return parents;
}

function storeysOf(api: IfcAPI, modelId: number): Map<number, IfcStorey> {
  const storeys = new Map<number, IfcStorey>();
  for (const id of api.GetLineIDsWithType(modelId, IFCBUILDINGSTOREY)) {
    const line = api.GetLine(modelId, id);
    const elevation = Number(valueOf(line.Elevation));
    storeys.set(id, { globalId: textOf(line.GlobalId), name: textOf(line.Name), elevation: Number.isFinite(elevation) ? elevation : 0 });
  }
  return storeys;
}

function storeyOf(expressId: number, parents: Map<number, number>, storeys: Map<number, IfcStorey>): IfcStorey | null {
  const seen = new Set<number>();
  for (let at = parents.get(expressId); at !== undefined && !seen.has(at); at = parents.get(at)) {
    seen.add(at); // a malformed file could loop
    const storey = storeys.get(at);
    if (storey) return storey;
  }
  return null;
}

interface Triangles {
  positions: number[];
  normals: number[];
  indices: number[];
}

/** Appends one placed geometry (interleaved position + normal) transformed by its 4x4 column-major matrix. */
function appendGeometry(api: IfcAPI, modelId: number, geometryId: number, m: number[], into: Triangles): void {
  const geometry = api.GetGeometry(modelId, geometryId);
  try {
    const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
    const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
    const base = into.positions.length / 3;
    for (let i = 0; i + 5 < vertices.length; i += 6) {
      const [x, y, z, nx, ny, nz] = [vertices[i]!, vertices[i + 1]!, vertices[i + 2]!, vertices[i + 3]!, vertices[i + 4]!, vertices[i + 5]!];
      into.positions.push(m[0]! * x + m[4]! * y + m[8]! * z + m[12]!, m[1]! * x + m[5]! * y + m[9]! * z + m[13]!, m[2]! * x + m[6]! * y + m[10]! * z + m[14]!);
      const n = [m[0]! * nx + m[4]! * ny + m[8]! * nz, m[1]! * nx + m[5]! * ny + m[9]! * nz, m[2]! * nx + m[6]! * ny + m[10]! * nz];
      const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
      into.normals.push(n[0]! / length, n[1]! / length, n[2]! / length);
    }
    for (const index of indices) into.indices.push(base + index);
  } finally {
    geometry.delete();
  }
}

function boundsOf(positions: Float32Array): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let axis = 0; axis < 3; axis += 1) {
      const value = positions[i + axis]!;
      if (value < min[axis]!) min[axis] = value;
      if (value > max[axis]!) max[axis] = value;
    }
  }
  return { min, max };
}

/** Parses an IFC file (STEP bytes) with an initialised IfcAPI. */
export function parseIfcModel(api: IfcAPI, bytes: Uint8Array): IfcModelData {
  const modelId = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false });
  if (modelId < 0) throw new Error('web-ifc could not open the IFC file');
  try {
    const parents = parentsOf(api, modelId);
    const storeys = storeysOf(api, modelId);
    const products: IfcProductMesh[] = [];
    const seen = new Set<number>();
    const collect = (mesh: FlatMesh) => {
      if (seen.has(mesh.expressID)) return;
      seen.add(mesh.expressID);
      const triangles: Triangles = { positions: [], normals: [], indices: [] };
      const placed = mesh.geometries;
      for (let i = 0; i < placed.size(); i += 1) {
        const geometry = placed.get(i);
        appendGeometry(api, modelId, geometry.geometryExpressID, geometry.flatTransformation, triangles);
      }
      if (triangles.indices.length === 0) return;
      const line = api.GetLine(modelId, mesh.expressID);
      const positions = new Float32Array(triangles.positions);
      products.push({
        globalId: textOf(line.GlobalId),
        name: textOf(line.Name),
        description: textOf(line.Description),
        ifcType: api.GetNameFromTypeCode(api.GetLineType(modelId, mesh.expressID)),
        storeyGlobalId: storeyOf(mesh.expressID, parents, storeys)?.globalId ?? null,
        positions,
        normals: new Float32Array(triangles.normals),
        indices: new Uint32Array(triangles.indices),
        bounds: boundsOf(positions),
      });
    };
    api.StreamAllMeshes(modelId, collect);
    // Spaces are left out of StreamAllMeshes; they only stream when asked for by type.
    api.StreamAllMeshesWithTypes(modelId, [IFCSPACE], collect);
    return { storeys: [...storeys.values()].sort((a, b) => a.elevation - b.elevation), products };
  } finally {
    api.CloseModel(modelId);
  }
}
