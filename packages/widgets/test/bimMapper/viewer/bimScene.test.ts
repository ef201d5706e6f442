// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { Vector2 } from 'three';
import { createDemoBimProject } from '../../../../server/src/bim/bimProject.js';
import { demoBuilding, demoEquipment } from '../../../../server/src/bim/ifc/demoBuilding.js';
import { BimScene } from '../../../src/bimMapper/viewer/local/bimScene.js';
import { parseIfcModel } from '../../../src/bimMapper/viewer/local/ifcModel.js';
import type { LoadedModel } from '../../../src/bimMapper/viewer/local/modelSet.js';
import { nodeIfcApi } from './nodeWebIfc.js';

const building = demoBuilding();
const centre = new Vector2(0, 0);
let models: LoadedModel[] = [];

beforeAll(async () => {
  const api = await nodeIfcApi();
  models = createDemoBimProject().models.map(({ model, ifc }) => ({ id: model.id, name: model.name, data: parseIfcModel(api, new TextEncoder().encode(ifc)) }));
});

function sceneWith(...names: string[]): BimScene {
  const scene = new BimScene();
  scene.setAspect(900, 560);
  for (const model of models.filter((candidate) => names.includes(candidate.name))) scene.addModel(model);
  return scene;
}

describe('BimScene (three.js, no renderer)', () => {
  it('zoomTo puts each object at the centre of the view: a ray through the centre picks it', () => {
    const scene = sceneWith('ARK Fjordheim', 'VVS Fjordheim');
    const targets = [...demoEquipment(building), ...building.storeys.flatMap((level) => level.spaces)];
    for (const target of targets) {
      expect(scene.zoomTo(target.globalId), target.name).toBe(true);
      expect(scene.pick(centre)?.globalId, target.name).toBe(target.globalId);
      expect(scene.highlightedId()).toBe(target.globalId);
    }
  });

  it('a pick names the object as the model node needs it; unknown GlobalIds and unloaded models are not found', () => {
    const scene = sceneWith('VVS Fjordheim');
    const sensor = building.storeys[1]!.equipment.find((item) => item.ifcClass === 'IFCSENSOR')!;
    scene.zoomTo(sensor.globalId);
    const technical = models.find((model) => model.name === 'VVS Fjordheim')!;
    expect(scene.pick(centre)).toEqual({ globalId: sensor.globalId, name: sensor.name, description: sensor.description, ifcType: 'IfcSensor', modelId: technical.id });
    expect(scene.zoomTo('0000000000000000000000')).toBe(false);
    expect(scene.zoomTo(building.storeys[0]!.spaces[0]!.globalId)).toBe(false); // the architecture model is not loaded
  });

  it('hidden models are neither seen nor picked', () => {
    const scene = sceneWith('VVS Fjordheim');
    const technical = models.find((model) => model.name === 'VVS Fjordheim')!;
    const ahu = demoEquipment(building).find((item) => item.ifcClass === 'IFCUNITARYEQUIPMENT')!;
    scene.zoomTo(ahu.globalId);
    scene.setShown(technical.id, false);
    expect(scene.pick(centre)).toBeNull();
    expect(scene.bounds().isEmpty()).toBe(true);
    scene.setShown(technical.id, true);
    expect(scene.pick(centre)?.globalId).toBe(ahu.globalId);
  });

  it('the top section cuts at the height its position says, and what it cuts away cannot be picked', () => {
    const scene = sceneWith('ARK Fjordheim', 'VVS Fjordheim');
    const box = scene.bounds();
    scene.setSection('top', 0);
    expect(scene.clippingPlanes[0]!.distanceToPoint(box.max.clone().setY(box.max.y - 0.01))).toBeGreaterThan(0);
    scene.setSection('top', 0.5);
    const cut = box.min.y + (box.max.y - box.min.y) / 2;
    expect(scene.clippingPlanes[0]!.distanceToPoint(box.min.clone().setY(cut - 0.01))).toBeGreaterThan(0);
    expect(scene.clippingPlanes[0]!.distanceToPoint(box.min.clone().setY(cut + 0.01))).toBeLessThan(0);

    // The top storey's terminal (under its ceiling) is above a cut at the second storey's floor.
    const top = building.storeys[2]!.equipment.find((item) => item.ifcClass === 'IFCAIRTERMINAL')!;
    scene.setSection('none');
    scene.zoomTo(top.globalId);
    expect(scene.pick(centre)?.globalId).toBe(top.globalId);
    scene.setSection('top', (box.max.y - building.storeys[1]!.elevation) / (box.max.y - box.min.y));
    expect(scene.pick(centre)?.globalId).not.toBe(top.globalId);
    scene.setSection('top', 0);
    expect(scene.pick(centre)?.globalId).toBe(top.globalId);
    scene.setSection('none');
    expect(scene.clippingPlanes).toEqual([]);
  });

  it('the front section cuts back from the front (+z) by its position', () => {
    const scene = sceneWith('ARK Fjordheim');
    const box = scene.bounds();
    scene.setSection('front', 0.25);
    const cut = box.max.z - 0.25 * (box.max.z - box.min.z);
    const plane = scene.clippingPlanes[0]!;
    expect(plane.distanceToPoint(box.max.clone().setZ(cut + 0.01))).toBeLessThan(0);
    expect(plane.distanceToPoint(box.max.clone().setZ(cut - 0.01))).toBeGreaterThan(0);
    scene.setSection('front', 1);
    expect(scene.clippingPlanes[0]!.distanceToPoint(box.min.clone().setZ(box.min.z + 0.01))).toBeLessThan(0);
  });
});
