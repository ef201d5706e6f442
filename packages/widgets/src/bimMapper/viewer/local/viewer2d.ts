/**
 * The local 2D viewer: a plan per storey (SVG, storeyPlan.ts) of the loaded, shown models, with a
 * storey selector. Clicking an item picks it; zoomTo switches to the object's storey and marks it.
 */
import type { BimViewer, PickedObject, ViewerFactory, ViewerSource } from '../viewerTypes.js';
import type { IfcStorey } from './ifcModel.js';
import { fetchViewerData, ModelSet, type IfcParser } from './modelSet.js';
import { parseWithWebIfc } from './parseDefault.js';
import { DARK_PLAN, drawStoreyPlan, LIGHT_PLAN, markHighlighted, planArea, type PlanInk, type PlanItem } from './storeyPlan.js';
import { ViewerEmitter } from './viewerEvents.js';
import { setViewerState } from './viewerState.js';

export async function createViewer2d(container: HTMLElement, source: ViewerSource, parse: IfcParser = parseWithWebIfc): Promise<BimViewer> {
  setViewerState(container, 'loading');
  container.setAttribute('data-bim-viewer', 'viewer2d');
  let data;
  try {
    data = await fetchViewerData(source);
  } catch (error) {
    setViewerState(container, 'error');
    throw error;
  }

  const doc = container.ownerDocument;
  const emitter = new ViewerEmitter();
  const root = doc.createElement('div');
  let ink: PlanInk = LIGHT_PLAN;
  root.style.cssText = 'display:flex;flex-direction:column;width:100%;height:100%;box-sizing:border-box;';
  root.style.background = ink.ground;
  const select = doc.createElement('select');
  select.setAttribute('data-role', 'storey');
  select.setAttribute('aria-label', 'Floor'); // the widget's language through setLook
  select.style.cssText = 'align-self:flex-end;margin:6px;font:inherit;'; // right: hosts put a caption top-left
  const svg = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  svg.style.cssText = 'flex:1;min-height:0;width:100%;font-family:system-ui,sans-serif;';
  root.append(select, svg);
  container.append(root);

  let storeyId: string | null = null;
  let highlighted: string | null = null;

  const shownItems = (): PlanItem[] =>
    models.loaded().filter((model) => model.visibility === 'VISIBLE').flatMap((model) => model.data.products.map((product) => ({ product, modelId: model.id })));

  const storeys = (): IfcStorey[] => {
    const byId = new Map<string, IfcStorey>();
    for (const model of models.loaded()) for (const storey of model.data.storeys) if (!byId.has(storey.globalId)) byId.set(storey.globalId, storey);
    return [...byId.values()].sort((a, b) => a.elevation - b.elevation);
  };

  const draw = () => {
    const levels = storeys();
    if (!levels.some((storey) => storey.globalId === storeyId)) storeyId = levels[0]?.globalId ?? null;
    select.replaceChildren(
      ...levels.map((storey) => {
        const option = doc.createElement('option');
        option.value = storey.globalId;
        option.textContent = storey.name;
        return option;
      }),
    );
    select.disabled = levels.length === 0;
    select.hidden = levels.length === 0; // no storeys until a model is loaded: an empty picker only confuses
    if (storeyId) select.value = storeyId;
    const items = shownItems();
    drawStoreyPlan(
      svg,
      planArea(items),
      items.filter((item) => item.product.storeyGlobalId === storeyId),
      ink,
    );
    container.setAttribute('data-storey', storeyId ?? '');
    markHighlighted(svg, highlighted);
    if (!models.busy()) setViewerState(container, 'ready');
  };

  const models: ModelSet = new ModelSet(data, source, parse, {
    added: () => draw(),
    shownChanged: () => draw(),
    changed() {
      if (models.busy()) setViewerState(container, 'loading');
      else draw();
      emitter.emit('models', models.states());
    },
  });

  const find = (globalId: string): (PlanItem & { shown: boolean }) | null => {
    for (const model of models.loaded()) {
      const product = model.data.products.find((candidate) => candidate.globalId === globalId);
      if (product) return { product, modelId: model.id, shown: model.visibility === 'VISIBLE' };
    }
    return null;
  };

  const onChange = () => {
    storeyId = select.value;
    draw();
  };
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-global-id]') : null;
    const found = target ? find(target.getAttribute('data-global-id') ?? '') : null;
    if (!found) return;
    const { product, modelId } = found;
    const picked: PickedObject = { globalId: product.globalId, name: product.name, description: product.description, ifcType: product.ifcType, modelId };
    viewer.highlight(picked.globalId);
    emitter.emit('pick', picked);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault(); // Space would scroll the page
    onClick(event);
  };
  select.addEventListener('change', onChange);
  svg.addEventListener('click', onClick);
  svg.addEventListener('keydown', onKey);
  draw();

  const viewer: BimViewer = {
    kind: 'viewer2d',
    models: () => models.states(),
    setVisibility: (modelId, visibility) => models.setVisibility(modelId, visibility),
    loadAll: () => models.loadAll(),
    zoomTo(globalId) {
      const found = find(globalId);
      if (!found) return false;
      highlighted = globalId;
      if (found.product.storeyGlobalId) storeyId = found.product.storeyGlobalId;
      if (!found.shown) void models.setVisibility(found.modelId, 'VISIBLE'); // draws when shown
      draw();
      return true;
    },
    highlight(globalId) {
      highlighted = globalId;
      markHighlighted(svg, globalId);
    },
    setSection: () => undefined, // a plan is already a horizontal section
    setLook({ dark, storeyLabel }) {
      select.setAttribute('aria-label', storeyLabel);
      ink = dark ? DARK_PLAN : LIGHT_PLAN;
      root.style.background = ink.ground;
      root.style.colorScheme = dark ? 'dark' : 'light'; // the storey picker's own colours
      draw();
    },
    on: (event, listener) => emitter.on(event, listener),
    dispose() {
      models.dispose();
      emitter.clear();
      select.removeEventListener('change', onChange);
      svg.removeEventListener('click', onClick);
      svg.removeEventListener('keydown', onKey);
      root.remove();
      for (const name of ['data-state', 'data-bim-viewer', 'data-storey']) container.removeAttribute(name);
    },
  };
  return viewer;
}

export const createLocalViewer2d: ViewerFactory = (container, source) => createViewer2d(container, source);
