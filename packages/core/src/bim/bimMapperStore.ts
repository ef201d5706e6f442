import { createStore, type StoreApi } from 'zustand/vanilla';
import { edgeBuilding, makeEdge, type BimNodeObj, type GraphEdge, type TagNodeObj } from '../contract/graph.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { isHttpError } from '../http/HttpError.js';
import { siteAccessRefusal } from '../i18n/siteAccessRefusal.js';
import { listBuildings, loadEdges, removeEdge, saveEdges } from './graphClient.js';
import { canAddPair } from './importRules.js';

/** What picking an object in a viewer yields (the fields a model node needs). */
export interface PickedModelObject {
  globalId: string;
  name: string;
  description: string;
}

/** One row of the connections table: the edge and whether it is stored in the graph service yet. */
export interface MapperConnection {
  edge: GraphEdge;
  saved: boolean;
}

export interface BimMapperState {
  buildings: string[];
  buildingsStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the buildings could not be read (an HttpError, a NetworkError…), for a refusal or a failure in the UI's words; null once read. */
  buildingsFailure: unknown;
  building: string | null;
  connections: MapperConnection[];
  edgesStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The two node editors; null = that node does not exist yet. */
  modelNode: BimNodeObj | null;
  tagNode: TagNodeObj | null;
  /** The saved connection loaded into the editors by "edit" (its uuid), else null. */
  editing: string | null;
  /** Saved connections replaced by an edit: removed from the graph service on save. */
  replaced: GraphEdge[];
  /** Spec §4: set on node edit, cleared on save. */
  unsaved: boolean;
  saving: boolean;
  error: string | null;
  loadBuildings(): Promise<void>;
  /** Clears the nodes and loads the building's edges (spec §4). */
  selectBuilding(name: string): Promise<void>;
  editModelNode(patch: Partial<Omit<BimNodeObj, 'type'>>): void;
  editTagNode(patch: Partial<Omit<TagNodeObj, 'type'>>): void;
  /** A viewer pick: fills the model node (and ends editing a saved connection). */
  pick(object: PickedModelObject): void;
  /** Loads a connection's two nodes into the editors. */
  editConnection(uuid: string): void;
  clearNodes(): void;
  /** Whether "add to list" may run: both nodes exist (core canAddPair) with a GUID and a tag. */
  canAdd(): boolean;
  /** Adds (or, while editing, replaces) the pair as a connection; false when it cannot. */
  addPair(): boolean;
  saveAll(): Promise<boolean>;
  /** Removes a connection: from the graph service when saved, else only from the list. */
  remove(uuid: string): Promise<boolean>;
  /** The BIM GUID field is locked while a saved connection is being edited (README: locked keys). */
  guidLocked(): boolean;
  /** Leaving now would lose something: unsaved changes and edges (spec §4). */
  needsLeaveConfirm(): boolean;
  dismissError(): void;
}

export type BimMapperStore = StoreApi<BimMapperState>;

export interface BimMapperStoreOptions {
  http: () => HttpClient;
}

const emptyModelNode = (): BimNodeObj => ({ type: 'bim', 'BIM GUID': '', 'BIM Navn': '', 'BIM beskrivelse': '' });
const emptyTagNode = (building: string): TagNodeObj => ({ type: 'tag', controllerId: '', building, tag: '', description: '', substation: '' });

function messageOf(error: unknown): string {
  const refusal = siteAccessRefusal(error);
  if (refusal) return refusal;
  if (isHttpError(error)) return error.detail ?? `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The BIM mapper's Administrer tab (spec core-shell §2, §4, §5): buildings, the selected building's
 * connections (saved and added), the pair of node editors and the unsaved flag. Pure state and graph
 * calls; the viewers live in the widget.
 */
export function createBimMapperStore({ http }: BimMapperStoreOptions): BimMapperStore {
  let buildingRequest = 0;
  return createStore<BimMapperState>()((set, get) => ({
    buildings: [],
    buildingsStatus: 'idle',
    buildingsFailure: null,
    building: null,
    connections: [],
    edgesStatus: 'idle',
    modelNode: null,
    tagNode: null,
    editing: null,
    replaced: [],
    unsaved: false,
    saving: false,
    error: null,

    async loadBuildings() {
      set({ buildingsStatus: 'loading' });
      try {
        set({ buildings: await listBuildings(http()), buildingsStatus: 'ready', buildingsFailure: null });
      } catch (error) {
        set({ buildingsStatus: 'error', buildingsFailure: error, error: messageOf(error) });
      }
    },

    async selectBuilding(name) {
      const request = ++buildingRequest;
      set({ building: name, connections: [], edgesStatus: 'loading', modelNode: null, tagNode: null, editing: null, replaced: [], unsaved: false });
      try {
        const edges = await loadEdges(http(), { building: name });
        if (request !== buildingRequest) return; // another building was chosen meanwhile
        set({ connections: edges.map((edge) => ({ edge, saved: true })), edgesStatus: 'ready' });
      } catch (error) {
        if (request === buildingRequest) set({ edgesStatus: 'error', error: messageOf(error) });
      }
    },

    editModelNode(patch) {
      const current = get().modelNode ?? emptyModelNode();
      const next = { ...current, ...patch };
      if (get().guidLocked()) next['BIM GUID'] = current['BIM GUID'];
      set({ modelNode: next, unsaved: true });
    },

    editTagNode(patch) {
      const current = get().tagNode ?? emptyTagNode(get().building ?? '');
      set({ tagNode: { ...current, ...patch }, unsaved: true });
    },

    pick(object) {
      set({
        modelNode: { type: 'bim', 'BIM GUID': object.globalId, 'BIM Navn': object.name, 'BIM beskrivelse': object.description },
        editing: null,
        unsaved: true,
      });
    },

    editConnection(uuid) {
      const row = get().connections.find((connection) => connection.edge.uuid === uuid);
      if (!row || row.edge.from_node.obj.type !== 'bim' || row.edge.to_node.obj.type !== 'tag') return;
      set({ modelNode: { ...row.edge.from_node.obj }, tagNode: { ...row.edge.to_node.obj }, editing: uuid });
    },

    clearNodes() {
      set({ modelNode: null, tagNode: null, editing: null });
    },

    canAdd() {
      const { modelNode, tagNode } = get();
      return canAddPair(modelNode, tagNode) && modelNode!['BIM GUID'].trim() !== '' && tagNode!.controllerId.trim() !== '' && tagNode!.tag.trim() !== '';
    },

    addPair() {
      const state = get();
      if (!state.canAdd()) return false;
      const tag = state.tagNode!;
      const edge = makeEdge(
        { ...state.modelNode!, 'BIM GUID': state.modelNode!['BIM GUID'].trim() },
        { ...tag, controllerId: tag.controllerId.trim(), tag: tag.tag.trim(), building: tag.building.trim() || (state.building ?? '') },
      );
      let connections = state.connections;
      let replaced = state.replaced;
      if (state.editing) {
        const old = connections.find((connection) => connection.edge.uuid === state.editing);
        connections = connections.filter((connection) => connection.edge.uuid !== state.editing);
        if (old?.saved && old.edge.uuid !== edge.uuid) replaced = [...replaced, old.edge];
      }
      const existing = connections.findIndex((connection) => connection.edge.uuid === edge.uuid);
      const row = { edge, saved: false };
      connections = existing >= 0 ? connections.map((item, index) => (index === existing ? row : item)) : [...connections, row];
      set({ connections, replaced, modelNode: null, tagNode: null, editing: null, unsaved: true });
      return true;
    },

    async saveAll() {
      const state = get();
      const pending = state.connections.filter((connection) => !connection.saved).map((connection) => connection.edge);
      set({ saving: true, error: null });
      try {
        if (pending.length > 0) await saveEdges(http(), pending);
        for (const edge of state.replaced) await removeEdge(http(), edge);
        const saved = new Set(pending.map((edge) => edge.uuid));
        set({
          connections: get().connections.map((connection) => (saved.has(connection.edge.uuid) ? { ...connection, saved: true } : connection)),
          replaced: [],
          unsaved: false,
          saving: false,
        });
        const buildings = new Set(get().buildings);
        const added = pending.map(edgeBuilding).filter((name): name is string => !!name && !buildings.has(name));
        if (added.length > 0) set({ buildings: [...new Set([...buildings, ...added])].sort((a, b) => a.localeCompare(b, 'nb')) });
        return true;
      } catch (error) {
        set({ saving: false, error: messageOf(error) });
        return false;
      }
    },

    async remove(uuid) {
      const row = get().connections.find((connection) => connection.edge.uuid === uuid);
      if (!row) return false;
      try {
        if (row.saved) await removeEdge(http(), row.edge);
      } catch (error) {
        set({ error: messageOf(error) });
        return false;
      }
      set({
        connections: get().connections.filter((connection) => connection.edge.uuid !== uuid),
        ...(get().editing === uuid ? { editing: null, modelNode: null, tagNode: null } : {}),
      });
      return true;
    },

    guidLocked() {
      const { editing, connections } = get();
      return editing !== null && connections.some((connection) => connection.edge.uuid === editing && connection.saved);
    },

    needsLeaveConfirm() {
      const { unsaved, connections } = get();
      return unsaved && connections.length > 0;
    },

    dismissError() {
      set({ error: null });
    },
  }));
}
