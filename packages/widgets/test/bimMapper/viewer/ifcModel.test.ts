// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoBimProject } from '../../../../server/src/bim/bimProject.js';
import { demoBuilding, demoEquipment } from '../../../../server/src/bim/ifc/demoBuilding.js';
import { parseIfcModel, type IfcModelData } from '../../../src/bimMapper/viewer/local/ifcModel.js';
import { nodeIfcApi } from './nodeWebIfc.js';

const IFC_TYPES = { IFCUNITARYEQUIPMENT: 'IfcUnitaryEquipment', IFCAIRTERMINAL: 'IfcAirTerminal', IFCSENSOR: 'IfcSensor' } as const;
const project = createDemoBimProject();
const building = demoBuilding();
const parsed: Record<string, IfcModelData> = {};

beforeAll(async () => {
  const api = await nodeIfcApi();
  for (const { model, ifc } of project.models) parsed[model.name] = parseIfcModel(api, new TextEncoder().encode(ifc));
});

describe('parseIfcModel (web-ifc) on the demo building', () => {
  it('finds every equipment GlobalId of the technical model with its name, description, class and storey', () => {
    const products = new Map(parsed['VVS Fjordheim']!.products.map((product) => [product.globalId, product]));
    const storeyOf = new Map(building.storeys.flatMap((level) => level.equipment.map((item) => [item.globalId, level.globalId])));
    const equipment = demoEquipment(building);
    expect(equipment.length).toBeGreaterThan(5);
    for (const item of equipment) {
      const product = products.get(item.globalId);
      expect(product, item.name).toMatchObject({
        name: item.name,
        description: item.description,
        ifcType: IFC_TYPES[item.ifcClass],
        storeyGlobalId: storeyOf.get(item.globalId),
      });
    }
    expect(products.size).toBe(equipment.length);
  });

  it('lists the storeys by elevation and puts spaces (streamed by type) and slabs on theirs', () => {
    const architecture = parsed['ARK Fjordheim']!;
    expect(architecture.storeys).toEqual(building.storeys.map((level) => ({ globalId: level.globalId, name: level.name, elevation: level.elevation })));
    for (const level of building.storeys) {
      const onLevel = architecture.products.filter((product) => product.storeyGlobalId === level.globalId);
      expect(onLevel.filter((product) => product.ifcType === 'IfcSpace').map((product) => product.name).sort()).toEqual(level.spaces.map((space) => space.name).sort());
      expect(onLevel.filter((product) => product.ifcType === 'IfcSlab').map((product) => product.globalId)).toEqual([level.slab.globalId]);
    }
  });

  it('places the triangles in world coordinates, Y up (x = IFC x, y = IFC z, z = -IFC y)', () => {
    const [ground] = building.storeys;
    const ahu = ground!.equipment.find((item) => item.ifcClass === 'IFCUNITARYEQUIPMENT')!;
    const product = parsed['VVS Fjordheim']!.products.find((candidate) => candidate.globalId === ahu.globalId)!;
    const { x, y, z, width, depth, height } = ahu.box;
    const close = (values: number[]) => values.map((value) => Math.round(value * 1000) / 1000 + 0) // + 0: -0 -> 0;
    expect(close(product.bounds.min)).toEqual(close([x, ground!.elevation + z, -(y + depth)]));
    expect(close(product.bounds.max)).toEqual(close([x + width, ground!.elevation + z + height, -y]));
    expect(product.indices.length % 3).toBe(0);
    expect(product.positions.length).toBe(product.normals.length);
    expect(Math.max(...product.indices)).toBeLessThan(product.positions.length / 3);
  });
});
