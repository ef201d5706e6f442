/**
 * Draws one storey's plan (top view) as SVG: the floor outline, spaces as outlined rooms with their
 * name, equipment as small symbols. Plan x = world x, plan y = world z (north up). Every item carries
 * data-global-id; names go in through textContent only.
 */
import type { IfcProductMesh } from './ifcModel.js';
import { HIGHLIGHT_COLOR, isEnclosure, isSpace, styleOf } from './ifcStyle.js';

const SVG = 'http://www.w3.org/2000/svg';
/** Equipment smaller than this (m) is drawn as a symbol of this size, so it can be seen and clicked. */
const SYMBOL_SIZE = 0.6;

export interface PlanItem {
  product: IfcProductMesh;
  modelId: string;
}

export interface PlanArea {
  minX: number;
  minY: number;
  width: number;
  height: number;
}

/** The plan's ink: the floor, the lines and the words, on the light or the dark scheme. */
export interface PlanInk {
  ground: string;
  floor: string;
  floorEdge: string;
  roomEdge: string;
  symbolEdge: string;
  label: string;
  caption: string;
}

export const LIGHT_PLAN: PlanInk = { ground: '#fbfaf8', floor: '#f4f1ec', floorEdge: '#8a8175', roomEdge: '#2e3a46', symbolEdge: '#1f2933', label: '#1f2933', caption: '#52606d' };
export const DARK_PLAN: PlanInk = { ground: '#1f272c', floor: '#2a3238', floorEdge: '#8d9aa2', roomEdge: '#c5d0d6', symbolEdge: '#e6ecee', label: '#e6ecee', caption: '#aebbc0' };

function element<K extends keyof SVGElementTagNameMap>(doc: Document, name: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = doc.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

function footprint(product: IfcProductMesh) {
  const { min, max } = product.bounds;
  return { x: min[0], y: min[2], width: max[0] - min[0], height: max[2] - min[2] };
}

/** The plan area that holds every item (all storeys: the scale stays the same between storeys). */
export function planArea(items: PlanItem[], margin = 1): PlanArea {
  if (items.length === 0) return { minX: 0, minY: 0, width: 10, height: 10 };
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { product } of items) {
    minX = Math.min(minX, product.bounds.min[0]);
    minY = Math.min(minY, product.bounds.min[2]);
    maxX = Math.max(maxX, product.bounds.max[0]);
    maxY = Math.max(maxY, product.bounds.max[2]);
  }
  return { minX: minX - margin, minY: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin };
}

function room(doc: Document, item: PlanItem, ink: PlanInk): SVGGElement {
  const box = footprint(item.product);
  const style = styleOf(item.product.ifcType);
  const group = element(doc, 'g', {});
  group.append(
    element(doc, 'rect', { ...box, fill: style.color, 'fill-opacity': 0.22, stroke: ink.roomEdge, 'stroke-width': 1.5, 'vector-effect': 'non-scaling-stroke' }),
  );
  // Name and description in the room's top-left corner: equipment usually sits in the middle.
  const fontSize = Math.max(0.35, Math.min(0.7, box.width / 10));
  const [left, top] = [box.x + fontSize * 0.6, box.y + fontSize * 1.4];
  const label = element(doc, 'text', { x: left, y: top, 'font-size': fontSize, 'font-weight': 600, fill: ink.label });
  label.textContent = item.product.name;
  const caption = element(doc, 'text', { x: left, y: top + fontSize * 1.1, 'font-size': fontSize * 0.75, fill: ink.caption });
  caption.textContent = item.product.description;
  group.append(label, caption);
  return group;
}

function equipment(doc: Document, item: PlanItem, ink: PlanInk): SVGGElement {
  const box = footprint(item.product);
  const style = styleOf(item.product.ifcType);
  const group = element(doc, 'g', {});
  const common = { fill: style.color, stroke: ink.symbolEdge, 'stroke-width': 1, 'vector-effect': 'non-scaling-stroke' };
  if (box.width >= SYMBOL_SIZE && box.height >= SYMBOL_SIZE) {
    group.append(element(doc, 'rect', { ...box, ...common }));
  } else {
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    group.append(
      item.product.ifcType === 'IfcSensor'
        ? element(doc, 'circle', { cx, cy, r: SYMBOL_SIZE / 2, ...common })
        : element(doc, 'rect', { x: cx - SYMBOL_SIZE / 2, y: cy - SYMBOL_SIZE / 2, width: SYMBOL_SIZE, height: SYMBOL_SIZE, ...common }),
    );
  }
  const title = element(doc, 'title', {});
  title.textContent = `${item.product.name} (${item.product.ifcType})`;
  group.append(title);
  return group;
}

/** Floor, rooms, then equipment on top; enclosures (slabs, walls) are drawn as the background outline. */
export function drawStoreyPlan(svg: SVGSVGElement, area: PlanArea, items: PlanItem[], ink: PlanInk = LIGHT_PLAN): void {
  const doc = svg.ownerDocument;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `${area.minX} ${area.minY} ${area.width} ${area.height}`);
  const layers = [
    items.filter((item) => isEnclosure(item.product.ifcType)),
    items.filter((item) => isSpace(item.product.ifcType)),
    items.filter((item) => !isEnclosure(item.product.ifcType) && !isSpace(item.product.ifcType)),
  ];
  for (const item of layers[0]!) {
    svg.append(element(doc, 'rect', { ...footprint(item.product), fill: ink.floor, stroke: ink.floorEdge, 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke' }));
  }
  for (const item of [...layers[1]!, ...layers[2]!]) {
    const group = isSpace(item.product.ifcType) ? room(doc, item, ink) : equipment(doc, item, ink);
    group.setAttribute('data-global-id', item.product.globalId);
    group.setAttribute('data-ifc-type', item.product.ifcType);
    // Reachable by keyboard too: Tab to it, Enter or Space picks (viewer2d.ts).
    group.setAttribute('tabindex', '0');
    group.setAttribute('role', 'button');
    group.setAttribute('aria-label', `${item.product.name} (${item.product.ifcType})`);
    group.style.cursor = 'pointer';
    svg.append(group);
  }
}

/** Marks one item (null clears): a thick highlight outline on its shape. */
export function markHighlighted(svg: SVGSVGElement, globalId: string | null): void {
  for (const item of svg.querySelectorAll('[data-highlighted]')) {
    item.removeAttribute('data-highlighted');
    const shape = item.firstElementChild;
    shape?.setAttribute('stroke', shape.getAttribute('data-stroke') ?? '#1f2933');
    shape?.setAttribute('stroke-width', shape.getAttribute('data-stroke-width') ?? '1');
  }
  if (globalId === null) return;
  for (const item of svg.querySelectorAll('[data-global-id]')) {
    if (item.getAttribute('data-global-id') !== globalId) continue;
    item.setAttribute('data-highlighted', 'true');
    const shape = item.firstElementChild;
    if (!shape) continue;
    shape.setAttribute('data-stroke', shape.getAttribute('stroke') ?? '');
    shape.setAttribute('data-stroke-width', shape.getAttribute('stroke-width') ?? '');
    shape.setAttribute('stroke', HIGHLIGHT_COLOR);
    shape.setAttribute('stroke-width', '4');
    item.parentNode?.append(item); // on top of its neighbours
  }
}
