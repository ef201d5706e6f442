import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoBuilding } from '../../../../server/src/bim/ifc/demoBuilding.js';
import { heldRevisions } from '../../../src/bimMapper/viewer/local/parsedModels.js';
import { drawStoreyPlan, planArea } from '../../../src/bimMapper/viewer/local/storeyPlan.js';
import { createViewer2d } from '../../../src/bimMapper/viewer/local/viewer2d.js';
import type { BimViewer, PickedObject, ViewerModelState } from '../../../src/bimMapper/viewer/viewerTypes.js';
import { startCloud, type Cloud } from '../../helpers/cloud.js';
import { countingParser, viewerUrlFrom } from './nodeWebIfc.js';

const building = demoBuilding();
let cloud: Cloud;
let url: string;
const made: BimViewer[] = [];

beforeAll(async () => {
  cloud = await startCloud({ simulation: 'paused' });
  url = await viewerUrlFrom(cloud.url, 'viewer2d');
}, 60_000);
afterEach(() => {
  for (const viewer of made.splice(0)) viewer.dispose();
  document.body.replaceChildren();
});
afterAll(async () => {
  await cloud.close();
});

/** A 2D viewer of the reference cloud's demo project, parsing with web-ifc (Node); counts IFC fetches. */
async function open() {
  const container = document.createElement('div');
  document.body.append(container);
  const ifcFetches: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    const target = String(input);
    if (target.includes('/ifc?')) ifcFetches.push(target);
    return fetch(input, init);
  };
  const parse = countingParser();
  const viewer = await createViewer2d(container, { kind: 'viewer2d', url, fetch: countingFetch }, parse);
  made.push(viewer);
  const byName = (name: string) => viewer.models().find((model) => model.name === name)!.id;
  return { container, viewer, parse, ifcFetches, architecture: byName('ARK Fjordheim'), technical: byName('VVS Fjordheim') };
}

const items = (container: HTMLElement) => [...container.querySelectorAll('[data-global-id]')].map((item) => item.getAttribute('data-global-id'));
const storeySelect = (container: HTMLElement) => container.querySelector<HTMLSelectElement>('select[data-role="storey"]')!;

describe('the local 2D viewer (storey plans)', () => {
  it('lists the token models as UNLOADED; VISIBLE loads once, HIDDEN and VISIBLE again only toggle', async () => {
    const { container, viewer, parse, ifcFetches, technical } = await open();
    expect(viewer.models().map((model) => [model.name, model.visibility, model.loading])).toEqual([
      ['ARK Fjordheim', 'UNLOADED', false],
      ['VVS Fjordheim', 'UNLOADED', false],
    ]);
    expect(container.getAttribute('data-state')).toBe('ready');
    const seen: ViewerModelState[][] = [];
    viewer.on('models', (models) => seen.push(models));

    const loading = viewer.setVisibility(technical, 'VISIBLE');
    expect(container.getAttribute('data-state')).toBe('loading');
    expect(viewer.models().find((model) => model.id === technical)!.loading).toBe(true);
    await loading;
    expect(container.getAttribute('data-state')).toBe('ready');
    expect(viewer.models().find((model) => model.id === technical)).toMatchObject({ visibility: 'VISIBLE', loading: false });
    const equipmentOfGround = building.storeys[0]!.equipment.map((item) => item.globalId);
    expect(items(container).sort()).toEqual([...equipmentOfGround].sort());

    await viewer.setVisibility(technical, 'HIDDEN');
    expect(items(container)).toEqual([]);
    await viewer.setVisibility(technical, 'VISIBLE');
    expect(items(container).sort()).toEqual([...equipmentOfGround].sort());
    expect(ifcFetches).toHaveLength(1);
    expect(parse.calls).toBe(1);
    expect(seen.map((models) => models.find((model) => model.id === technical)!.visibility)).toEqual(['UNLOADED', 'VISIBLE', 'HIDDEN', 'VISIBLE']);
  });

  it('draws a plan per storey whose items carry data-global-id; names are text, a click (or Enter) picks', async () => {
    const { container, viewer, architecture } = await open();
    await viewer.loadAll();
    const select = storeySelect(container);
    expect([...select.options].map((option) => option.textContent)).toEqual(building.storeys.map((level) => level.name));
    for (const level of building.storeys) {
      select.value = level.globalId;
      select.dispatchEvent(new Event('change'));
      const expected = [...level.spaces, ...level.equipment].map((item) => item.globalId);
      expect(items(container).sort()).toEqual(expected.sort());
      const texts = [...container.querySelectorAll('svg text')].map((text) => text.textContent);
      for (const space of level.spaces) expect(texts).toContain(space.name);
    }
    const picks: PickedObject[] = [];
    viewer.on('pick', (object) => picks.push(object));
    const space = building.storeys[2]!.spaces[1]!;
    const item = [...container.querySelectorAll('[data-global-id]')].find((candidate) => candidate.getAttribute('data-global-id') === space.globalId)!;
    item.querySelector('text')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(picks).toEqual([{ globalId: space.globalId, name: space.name, description: space.description, ifcType: 'IfcSpace', modelId: architecture }]);
    expect(item.getAttribute('data-highlighted')).toBe('true');

    const terminal = building.storeys[2]!.equipment.find((candidate) => candidate.name.endsWith('-TV'))!;
    const symbol = [...container.querySelectorAll('[data-global-id]')].find((candidate) => candidate.getAttribute('data-global-id') === terminal.globalId)!;
    expect(symbol.getAttribute('tabindex')).toBe('0');
    expect(symbol.getAttribute('aria-label')).toBe(`${terminal.name} (IfcAirTerminal)`);
    symbol.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(picks.map((object) => object.globalId)).toEqual([space.globalId, terminal.globalId]);
  });

  it("follows the widget's look: the storey picker's label in its language, the plan's ground and ink on the dark scheme (issue 37, item 6)", async () => {
    const { container, viewer } = await open();
    await viewer.loadAll();
    const ground = () => (container.firstElementChild as HTMLElement).style.background;
    const labelInk = () => container.querySelector('svg text')!.getAttribute('fill');
    const lightGround = ground();
    const lightInk = labelInk();
    viewer.setLook!({ dark: true, storeyLabel: 'Våning' });
    expect(storeySelect(container).getAttribute('aria-label')).toBe('Våning');
    expect(ground()).not.toBe(lightGround);
    expect(labelInk()).not.toBe(lightInk);
    // Drawn again with the dark ink, and still there after a storey change.
    const select = storeySelect(container);
    select.value = building.storeys[1]!.globalId;
    select.dispatchEvent(new Event('change'));
    expect(labelInk()).not.toBe(lightInk);
    viewer.setLook!({ dark: false, storeyLabel: 'Floor' });
    expect(storeySelect(container).getAttribute('aria-label')).toBe('Floor');
    expect([ground(), labelInk()]).toEqual([lightGround, lightInk]);
  });

  it('zoomTo switches to the storey of the object and marks it; unknown or unloaded -> false', async () => {
    const { container, viewer, technical, architecture } = await open();
    const sensor = building.storeys[1]!.equipment.find((item) => item.name.endsWith('-RT'))!;
    expect(viewer.zoomTo(sensor.globalId)).toBe(false); // nothing loaded yet
    await viewer.setVisibility(technical, 'VISIBLE');
    expect(container.getAttribute('data-storey')).toBe(building.storeys[0]!.globalId);
    expect(viewer.zoomTo(sensor.globalId)).toBe(true);
    expect(storeySelect(container).value).toBe(building.storeys[1]!.globalId);
    expect(container.getAttribute('data-storey')).toBe(building.storeys[1]!.globalId);
    expect(container.querySelector('[data-highlighted]')?.getAttribute('data-global-id')).toBe(sensor.globalId);
    expect(viewer.zoomTo('0000000000000000000000')).toBe(false);
    expect(viewer.zoomTo(building.storeys[2]!.spaces[0]!.globalId)).toBe(false); // its model is not loaded
    await viewer.setVisibility(architecture, 'VISIBLE');
    expect(viewer.zoomTo(building.storeys[2]!.spaces[0]!.globalId)).toBe(true);
    expect(storeySelect(container).value).toBe(building.storeys[2]!.globalId);
  });

  it('names from the file are never parsed as markup', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    document.body.append(svg);
    const hostile = '<img src=x onerror="alert(1)">';
    const product = {
      globalId: '1hostile0000000000000a',
      name: hostile,
      description: `<b>${hostile}</b>`,
      ifcType: 'IfcSpace',
      storeyGlobalId: null,
      positions: new Float32Array(),
      normals: new Float32Array(),
      indices: new Uint32Array(),
      bounds: { min: [0, 0, -4], max: [4, 3, 0] } as { min: [number, number, number]; max: [number, number, number] },
    };
    drawStoreyPlan(svg, planArea([{ product, modelId: 'm' }]), [{ product, modelId: 'm' }]);
    expect(svg.querySelector('img, b')).toBeNull();
    expect([...svg.querySelectorAll('text')].map((text) => text.textContent)).toEqual([hostile, `<b>${hostile}</b>`]);
  });

  it("viewers of one page share a parsed revision while either holds it (the 3D and the 2D show the same files)", async () => {
    const first = await open();
    const second = await open();
    await first.viewer.setVisibility(first.technical, 'VISIBLE');
    await second.viewer.setVisibility(second.technical, 'VISIBLE');
    expect(first.ifcFetches.length + second.ifcFetches.length).toBe(1);
    expect(first.parse.calls + second.parse.calls).toBe(1);
    expect(items(second.container).sort()).toEqual(building.storeys[0]!.equipment.map((item) => item.globalId).sort());
    expect(heldRevisions()).toBe(1);

    first.viewer.dispose();
    expect(heldRevisions()).toBe(1); // the second still shows it
    second.viewer.dispose();
    expect(heldRevisions()).toBe(0);
    const third = await open();
    await third.viewer.setVisibility(third.technical, 'VISIBLE');
    expect(third.ifcFetches).toHaveLength(1);
  });

  it('dispose removes what it added', async () => {
    const { container, viewer } = await open();
    await viewer.loadAll();
    viewer.dispose();
    expect(container.children).toHaveLength(0);
    expect(container.hasAttribute('data-state')).toBe(false);
  });
});
