/**
 * The BIM viewer adapter: what the bim mapper widget needs from a 3D or 2D viewer. Production plugs in
 * the third-party BIM service's viewer behind this interface; the local default (./local/) is our own,
 * three.js + web-ifc, rendering the IFC files the reference cloud serves. Both load from the viewer
 * token's URL (ViewerData: the models and their IFC URLs).
 */

/** A model's state in a viewer: UNLOADED -> VISIBLE loads it; VISIBLE <-> HIDDEN toggles it. */
export type ModelVisibility = 'UNLOADED' | 'VISIBLE' | 'HIDDEN';

export interface ViewerModelState {
  id: string;
  name: string;
  visibility: ModelVisibility;
  /** True while its IFC file is being fetched and parsed. */
  loading: boolean;
  /** Why the last load failed, when it did. */
  error?: string;
}

/** What picking an object yields: enough to fill the building-model node. */
export interface PickedObject {
  globalId: string;
  name: string;
  description: string;
  /** IFC class, e.g. IfcSensor. */
  ifcType: string;
  modelId: string;
}

/** Section plane: none, a horizontal cut from the top, or a vertical cut from the front. */
export type SectionMode = 'none' | 'top' | 'front';

export interface ViewerEvents {
  /** The user picked an object (click in 3D, click on a plan item in 2D). */
  pick: (object: PickedObject) => void;
  /** Any model's visibility, loading flag or error changed. */
  models: (models: ViewerModelState[]) => void;
}

/** What the widget tells a viewer about the page it sits in: the colour scheme and the words the viewer shows. */
export interface ViewerLook {
  dark: boolean;
  /** The 2D viewer's storey picker's label ("Floor", "Etasje", "Våning"). */
  storeyLabel: string;
}

export interface BimViewer {
  readonly kind: 'viewer3d' | 'viewer2d';
  models(): ViewerModelState[];
  /** UNLOADED -> VISIBLE fetches and parses the model; VISIBLE <-> HIDDEN shows or hides it. */
  setVisibility(modelId: string, visibility: 'VISIBLE' | 'HIDDEN'): Promise<void>;
  /** Loads and shows every model. */
  loadAll(): Promise<void>;
  /** Frames the object (centre of the view) and highlights it; false when no loaded model has it. */
  zoomTo(globalId: string): boolean;
  /** Highlights one object (null clears). */
  highlight(globalId: string | null): void;
  /** 3D: the section plane and its position, 0 (nothing cut) to 1 (everything cut); 2D ignores it. */
  setSection(mode: SectionMode, position?: number): void;
  /** Follows the page's scheme and language (issue 37, item 6); a viewer without it keeps its own look. */
  setLook?(look: ViewerLook): void;
  on<E extends keyof ViewerEvents>(event: E, listener: ViewerEvents[E]): () => void;
  /** Frees the renderer, the parsed models and the DOM it added. */
  dispose(): void;
}

/** How a viewer is created: into a container, from the viewer token's URL. */
export interface ViewerSource {
  kind: 'viewer3d' | 'viewer2d';
  /** The viewer token's URL: answers ViewerData. */
  url: string;
  /** fetch to use (tests, hosts); defaults to globalThis.fetch. */
  fetch?: typeof fetch;
}

export type ViewerFactory = (container: HTMLElement, source: ViewerSource) => Promise<BimViewer>;
