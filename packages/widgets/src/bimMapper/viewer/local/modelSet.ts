/**
 * The models of a viewer token and their state (shared by the 3D and the 2D viewer): fetched from
 * the token's URL (ViewerData), each UNLOADED until first shown; the first VISIBLE fetches and
 * parses its IFC file once (shared with the page's other viewer: parsedModels.ts), later
 * VISIBLE/HIDDEN only toggle. The viewer is told through `host`.
 */
import { viewerData, type ViewerData } from '@varde/core/contract';
import type { ModelVisibility, ViewerModelState, ViewerSource } from '../viewerTypes.js';
import type { IfcModelData } from './ifcModel.js';
import { acquireParsed, releaseParsed } from './parsedModels.js';

export interface LoadedModel {
  id: string;
  name: string;
  data: IfcModelData;
}

export interface ModelSetHost {
  /** A model finished loading (once per model). */
  added(model: LoadedModel): void;
  /** A loaded model was shown or hidden. */
  shownChanged(modelId: string, shown: boolean): void;
  /** Any state changed (visibility, loading, error): emit 'models', update data-state. */
  changed(): void;
}

/** Turns IFC bytes into products (web-ifc; tests pass a Node-initialised one). */
export type IfcParser = (bytes: Uint8Array) => Promise<IfcModelData>;

interface Entry {
  state: ViewerModelState;
  ifcUrl: string;
  /** The parsed-revision key (project + revision): the same file whichever token fetches it. */
  revisionKey: string;
  /** This set holds the revision in parsedModels (released on dispose). */
  holds: boolean;
  wanted: 'VISIBLE' | 'HIDDEN';
  loading: Promise<void> | null;
  data: IfcModelData | null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function fetchViewerData(source: ViewerSource): Promise<ViewerData> {
  const answer = await (source.fetch ?? globalThis.fetch)(source.url);
  if (!answer.ok) throw new Error(`viewer data: HTTP ${answer.status}`);
  return viewerData.parse(await answer.json());
}

export class ModelSet {
  private entries: Entry[];
  private disposed = false;

  constructor(
    data: ViewerData,
    private readonly source: ViewerSource,
    private readonly parse: IfcParser,
    private readonly host: ModelSetHost,
  ) {
    this.entries = data.models.map((model) => ({
      state: { id: model.id, name: model.name, visibility: 'UNLOADED', loading: false },
      ifcUrl: model.ifcUrl,
      revisionKey: `${data.projectId}/${model.revisionId}`,
      holds: false,
      wanted: 'VISIBLE',
      loading: null,
      data: null,
    }));
  }

  states(): ViewerModelState[] {
    return this.entries.map((entry) => ({ ...entry.state }));
  }

  /** True while any model is being fetched or parsed. */
  busy(): boolean {
    return this.entries.some((entry) => entry.state.loading);
  }

  loaded(): (LoadedModel & { visibility: ModelVisibility })[] {
    return this.entries
      .filter((entry) => entry.data !== null)
      .map((entry) => ({ id: entry.state.id, name: entry.state.name, data: entry.data!, visibility: entry.state.visibility }));
  }

  async setVisibility(modelId: string, visibility: 'VISIBLE' | 'HIDDEN'): Promise<void> {
    const entry = this.entries.find((candidate) => candidate.state.id === modelId);
    if (!entry) throw new Error(`No model ${modelId} in this viewer`);
    entry.wanted = visibility;
    if (entry.data) return this.apply(entry);
    if (visibility === 'HIDDEN') return; // hiding a model never loaded: it stays UNLOADED
    entry.loading ??= this.load(entry);
    return entry.loading;
  }

  async loadAll(): Promise<void> {
    const results = await Promise.allSettled(this.entries.map((entry) => this.setVisibility(entry.state.id, 'VISIBLE')));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  dispose(): void {
    this.disposed = true;
    for (const entry of this.entries) this.release(entry);
  }

  private release(entry: Entry): void {
    if (!entry.holds) return;
    entry.holds = false;
    releaseParsed(entry.revisionKey);
  }

  private apply(entry: Entry): void {
    if (entry.state.visibility === entry.wanted) return;
    entry.state = { ...entry.state, visibility: entry.wanted };
    this.host.shownChanged(entry.state.id, entry.wanted === 'VISIBLE');
    this.host.changed();
  }

  private async load(entry: Entry): Promise<void> {
    const { error: _previous, ...rest } = entry.state;
    entry.state = { ...rest, loading: true };
    this.host.changed();
    try {
      entry.holds = true;
      const data = await acquireParsed(entry.revisionKey, async () => {
        const answer = await (this.source.fetch ?? globalThis.fetch)(entry.ifcUrl);
        if (!answer.ok) throw new Error(`IFC file of ${entry.state.name}: HTTP ${answer.status}`);
        return this.parse(new Uint8Array(await answer.arrayBuffer()));
      });
      if (this.disposed) return;
      entry.data = data;
      entry.state = { ...entry.state, loading: false, visibility: entry.wanted };
      this.host.added({ id: entry.state.id, name: entry.state.name, data });
      if (entry.wanted === 'HIDDEN') this.host.shownChanged(entry.state.id, false);
      this.host.changed();
    } catch (error) {
      this.release(entry);
      if (this.disposed) return;
      entry.state = { ...entry.state, loading: false, error: messageOf(error) };
      this.host.changed();
      throw error;
    } finally {
      entry.loading = null;
    }
  }
}
