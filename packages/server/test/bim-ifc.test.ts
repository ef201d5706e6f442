import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as WebIFC from 'web-ifc';
import { demoBuilding, demoEquipment } from '../src/bim/ifc/demoBuilding.js';
import { isIfcGlobalId, stableIfcGlobalId } from '../src/bim/ifc/ifcGlobalId.js';
import { writeDemoIfc } from '../src/bim/ifc/ifcWriter.js';

/** The generated demo models are real IFC: web-ifc (the local viewer's parser) reads them in Node. */
const api = new WebIFC.IfcAPI();
beforeAll(async () => {
  await api.Init(undefined, true);
});
afterAll(() => api.Dispose());

function open(text: string): number {
  return api.OpenModel(new TextEncoder().encode(text));
}

function globalIdsOf(model: number, type: number): string[] {
  const ids = api.GetLineIDsWithType(model, type);
  const result: string[] = [];
  for (let index = 0; index < ids.size(); index += 1) {
    result.push(api.GetLine(model, ids.get(index)).GlobalId.value as string);
  }
  return result;
}

describe('demo building IFC', () => {
  const building = demoBuilding();

  test('GlobalIds are stable, valid and unique', () => {
    expect(stableIfcGlobalId('a')).toBe(stableIfcGlobalId('a'));
    const all = [building.projectGlobalId, building.buildingGlobalId, ...building.storeys.flatMap((s) => [
      s.globalId, s.slab.globalId, ...s.spaces.map((x) => x.globalId), ...s.equipment.map((x) => x.globalId),
    ])];
    expect(all.every(isIfcGlobalId)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    expect(writeDemoIfc(building, 'technical')).toBe(writeDemoIfc(demoBuilding(), 'technical'));
  });

  test('the technical model parses with its storeys and every equipment GlobalId', () => {
    const model = open(writeDemoIfc(building, 'technical'));
    expect(api.GetModelSchema(model)).toBe('IFC4');
    expect(globalIdsOf(model, WebIFC.IFCBUILDINGSTOREY)).toEqual(building.storeys.map((s) => s.globalId));
    const equipment = [
      ...globalIdsOf(model, WebIFC.IFCUNITARYEQUIPMENT),
      ...globalIdsOf(model, WebIFC.IFCAIRTERMINAL),
      ...globalIdsOf(model, WebIFC.IFCSENSOR),
    ];
    expect(equipment.sort()).toEqual(demoEquipment(building).map((e) => e.globalId).sort());
    expect(equipment).toHaveLength(13);
    let meshes = 0;
    api.StreamAllMeshes(model, () => (meshes += 1));
    expect(meshes).toBe(13);
    api.CloseModel(model);
  });

  test('the architecture model has spaces and geometry a viewer can render', () => {
    const model = open(writeDemoIfc(building, 'architecture'));
    expect(globalIdsOf(model, WebIFC.IFCSPACE)).toHaveLength(6);
    const count = (stream: (callback: (mesh: WebIFC.FlatMesh) => void) => void) => {
      let meshes = 0;
      stream((mesh) => {
        const geometry = api.GetGeometry(model, mesh.geometries.get(0).geometryExpressID);
        if (geometry.GetVertexDataSize() > 0) meshes += 1;
      });
      return meshes;
    };
    // web-ifc streams building elements by default (3 slabs) and spaces only when asked for.
    expect(count((callback) => api.StreamAllMeshes(model, callback))).toBe(3);
    expect(count((callback) => api.StreamAllMeshesWithTypes(model, [WebIFC.IFCSPACE], callback))).toBe(6);
    api.CloseModel(model);
  });
});
