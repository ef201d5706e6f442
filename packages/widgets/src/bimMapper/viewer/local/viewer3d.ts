/**
 * The local 3D viewer: BimScene drawn by three's WebGLRenderer into a canvas in the container, orbit
 * controls, click to pick (a press that does not drag), render on demand, resize with the container.
 */
import { Vector2, WebGLRenderer } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { BimViewer, ViewerFactory, ViewerSource } from '../viewerTypes.js';
import { BimScene } from './bimScene.js';
import { fetchViewerData, ModelSet, type IfcParser } from './modelSet.js';
import { parseWithWebIfc } from './parseDefault.js';
import { ViewerEmitter } from './viewerEvents.js';
import { setViewerState } from './viewerState.js';

/** A press that moves less than this (px) is a click, not an orbit. */
const CLICK_TOLERANCE = 5;

export async function createViewer3d(container: HTMLElement, source: ViewerSource, parse: IfcParser = parseWithWebIfc): Promise<BimViewer> {
  setViewerState(container, 'loading');
  container.setAttribute('data-bim-viewer', 'viewer3d');
  let data;
  try {
    data = await fetchViewerData(source);
  } catch (error) {
    setViewerState(container, 'error');
    throw error;
  }

  const emitter = new ViewerEmitter();
  const bim = new BimScene();
  let renderer: WebGLRenderer;
  try {
    renderer = new WebGLRenderer({ antialias: true });
  } catch (error) {
    setViewerState(container, 'error'); // no WebGL (disabled, or the GPU process gave up)
    bim.dispose();
    throw error;
  }
  renderer.localClippingEnabled = true; // section planes are per material (bimScene.ts)
  renderer.setPixelRatio(Math.min(globalThis.devicePixelRatio || 1, 2));
  const canvas = renderer.domElement;
  canvas.style.cssText = 'display:block;width:100%;height:100%;outline:none;touch-action:none;';
  container.append(canvas);
  const controls = new OrbitControls(bim.camera, canvas);
  let userMoved = false;
  let frame = 0;

  const draw = () => {
    frame = 0;
    renderer.render(bim.scene, bim.camera);
    if (!models.busy()) setViewerState(container, 'ready');
  };
  const requestDraw = () => {
    frame ||= requestAnimationFrame(draw);
  };
  /** After the scene moved the camera (framing), the controls orbit around the new target. */
  const syncControls = () => {
    controls.target.copy(bim.target);
    controls.update();
    requestDraw();
  };

  const models: ModelSet = new ModelSet(data, source, parse, {
    added(model) {
      bim.addModel(model);
      if (!userMoved) bim.frameAll();
      syncControls();
    },
    shownChanged(modelId, shown) {
      bim.setShown(modelId, shown);
      requestDraw();
    },
    changed() {
      if (models.busy()) setViewerState(container, 'loading');
      else requestDraw();
      emitter.emit('models', models.states());
    },
  });

  const resize = () => {
    const width = Math.max(1, container.clientWidth);
    const height = Math.max(1, container.clientHeight);
    renderer.setSize(width, height, false);
    bim.setAspect(width, height);
    requestDraw();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  resize();

  controls.addEventListener('change', requestDraw);
  controls.addEventListener('start', () => void (userMoved = true));
  let pressedAt: { x: number; y: number } | null = null;
  const onDown = (event: PointerEvent) => {
    pressedAt = event.button === 0 ? { x: event.clientX, y: event.clientY } : null;
  };
  const onUp = (event: PointerEvent) => {
    if (!pressedAt || Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) > CLICK_TOLERANCE) return;
    pressedAt = null;
    const rect = canvas.getBoundingClientRect();
    const ndc = new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    const picked = bim.pick(ndc);
    if (!picked) return;
    viewer.highlight(picked.globalId);
    emitter.emit('pick', picked);
  };
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointerup', onUp);
  requestDraw();

  const viewer: BimViewer = {
    kind: 'viewer3d',
    models: () => models.states(),
    setVisibility: (modelId, visibility) => models.setVisibility(modelId, visibility),
    loadAll: () => models.loadAll(),
    zoomTo(globalId) {
      const modelId = bim.modelOf(globalId);
      if (modelId === null) return false;
      // An object of a hidden model: show the model, or the zoom would frame nothing.
      if (!bim.isShown(modelId)) void models.setVisibility(modelId, 'VISIBLE');
      bim.zoomTo(globalId);
      userMoved = true;
      container.setAttribute('data-highlighted', globalId);
      syncControls();
      return true;
    },
    highlight(globalId) {
      bim.highlight(globalId);
      const shown = bim.highlightedId();
      if (shown) container.setAttribute('data-highlighted', shown);
      else container.removeAttribute('data-highlighted');
      requestDraw();
    },
    setSection(mode, position) {
      bim.setSection(mode, position);
      requestDraw();
    },
    setLook({ dark }) {
      bim.setDark(dark);
      requestDraw();
    },
    on: (event, listener) => emitter.on(event, listener),
    dispose() {
      models.dispose();
      emitter.clear();
      if (frame) cancelAnimationFrame(frame);
      observer.disconnect();
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
      controls.dispose();
      bim.dispose();
      renderer.dispose();
      renderer.forceContextLoss(); // now, not at GC: browsers cap live WebGL contexts (~16)
      canvas.remove();
      for (const name of ['data-state', 'data-bim-viewer', 'data-highlighted']) container.removeAttribute(name);
    },
  };
  return viewer;
}

export const createLocalViewer3d: ViewerFactory = (container, source) => createViewer3d(container, source);
