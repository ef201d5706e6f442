import { createStore, type StoreApi } from 'zustand/vanilla';
import { defaultNewVersion, isTrainingInProgress, type AnomalyModel, type AnomalyVersion } from '../contract/anomaly.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { isHttpError } from '../http/HttpError.js';
import { siteAccessRefusal } from '../i18n/siteAccessRefusal.js';
import * as client from './anomalyClient.js';
import {
  mapOf,
  modelDraftErrors,
  modelDraftOf,
  modelStructureEditable,
  versionDraftErrors,
  versionDraftOf,
  type ModelDraft,
  type VersionDraft,
} from './explorerRules.js';

export const ML_REFRESH_MS = 30_000;
/** Decision: while the selected version trains, it is re-read this often so the chip advances. */
export const ML_TRAINING_POLL_MS = 2_000;

export type MlSelection =
  | { kind: 'new-model' }
  | { kind: 'model'; modelId: string }
  | { kind: 'version'; modelId: string; versionId: string };

/** An error to show: the server's detail, else the text under `key` (namespace ml). */
export interface MlError {
  detail: string | null;
  key: 'ml:genericError' | 'ml:fetchServerCopyFailed';
}

export interface MlExplorerState {
  models: AnomalyModel[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the models could not be read (an HttpError, a NetworkError…), for a refusal or a failure in the UI's words; null once read. */
  loadFailure: unknown;
  selection: MlSelection | null;
  modelDraft: ModelDraft | null;
  versionDraft: VersionDraft | null;
  /** modification_date of the copy the draft was made from (save compares it with the server's). */
  draftBase: string | null;
  changed: boolean;
  busy: boolean;
  /** Save found a newer server copy: ask abort / overwrite. */
  overwritePrompt: boolean;
  /** A selection was refused because changes are pending (the warning asks to save or discard). */
  navigationBlocked: boolean;
  error: MlError | null;

  load(): Promise<void>;
  /** The 30 s refresh: skipped (false) while changes are pending. */
  refresh(): Promise<boolean>;
  /** Re-reads the selected version (refresh button, training poll). */
  refreshSelected(): Promise<void>;
  select(selection: MlSelection | null): boolean;
  newModel(): boolean;
  editModel(patch: Partial<ModelDraft>): void;
  editVersion(patch: Partial<VersionDraft>): void;
  discard(): void;
  save(): Promise<void>;
  resolveOverwrite(overwrite: boolean): Promise<void>;
  addVersion(): Promise<void>;
  copyVersion(): Promise<void>;
  deleteSelected(): Promise<void>;
  train(): Promise<void>;
  clearError(): void;
}

export interface MlExplorerStoreOptions {
  http: () => HttpClient | null;
  now?: () => number;
}

export function selectedModel(state: Pick<MlExplorerState, 'models' | 'selection'>): AnomalyModel | null {
  const { selection } = state;
  if (!selection || selection.kind === 'new-model') return null;
  return state.models.find((model) => model.model_id === selection.modelId) ?? null;
}

export function selectedVersion(state: Pick<MlExplorerState, 'models' | 'selection'>): AnomalyVersion | null {
  const { selection } = state;
  if (selection?.kind !== 'version') return null;
  return selectedModel(state)?.versions.find((version) => version.version_id === selection.versionId) ?? null;
}

function errorOf(error: unknown, key: MlError['key'] = 'ml:genericError'): MlError {
  return { detail: siteAccessRefusal(error) ?? (isHttpError(error) && error.detail ? error.detail : null), key };
}

/**
 * The ML explorer's state (zustand vanilla): the models, what is selected, the draft being edited and
 * the save / overwrite / training flow of admin spec §4. The widget renders it; tests drive it in Node.
 */
export function createMlExplorerStore(options: MlExplorerStoreOptions): StoreApi<MlExplorerState> {
  const now = options.now ?? Date.now;
  const http = (): HttpClient => {
    const current = options.http();
    if (!current) throw new Error('Not signed in');
    return current;
  };

  return createStore<MlExplorerState>()((set, get) => {
    /** Drafts from the server copy of the selection (pending changes are thrown away). */
    function resetDrafts(): Partial<MlExplorerState> {
      const state = get();
      const { selection } = state;
      if (!selection) return { modelDraft: null, versionDraft: null, draftBase: null, changed: false, overwritePrompt: false };
      if (selection.kind === 'new-model') return { modelDraft: modelDraftOf(null), versionDraft: null, draftBase: null, changed: false, overwritePrompt: false };
      const model = selectedModel(state);
      const version = selectedVersion(state);
      if (selection.kind === 'model') {
        return { modelDraft: model ? modelDraftOf(model) : null, versionDraft: null, draftBase: model?.modification_date ?? null, changed: false, overwritePrompt: false };
      }
      return { modelDraft: null, versionDraft: version ? versionDraftOf(version) : null, draftBase: version?.modification_date ?? null, changed: false, overwritePrompt: false };
    }

    async function reload(): Promise<void> {
      const models = await client.listModels(http());
      set({ models, status: 'ready' });
      // A selection whose item is gone falls back to nothing.
      const state = get();
      if (state.selection && state.selection.kind !== 'new-model' && !selectedModel(state)) set({ selection: null });
      if (state.selection?.kind === 'version' && !selectedVersion(get())) set({ selection: { kind: 'model', modelId: state.selection.modelId } });
    }

    function replaceVersion(version: AnomalyVersion): void {
      set({
        models: get().models.map((model) =>
          model.model_id !== version.model_id
            ? model
            : { ...model, versions: model.versions.map((v) => (v.version_id === version.version_id ? version : v)) }),
      });
    }

    async function run(work: () => Promise<void>): Promise<void> {
      set({ busy: true, error: null });
      try {
        await work();
      } catch (error) {
        set({ error: errorOf(error) });
      } finally {
        set({ busy: false });
      }
    }

    async function writeDraft(): Promise<void> {
      const state = get();
      const { selection } = state;
      if (!selection) return;
      if (selection.kind === 'version' && state.versionDraft) {
        const draft = state.versionDraft;
        const version = await client.patchVersion(http(), selection.modelId, selection.versionId, {
          name: draft.name.trim(), description: draft.description, labels: mapOf(draft.labels), parameters: mapOf(draft.parameters),
        });
        replaceVersion(version);
      } else if (state.modelDraft) {
        const draft = state.modelDraft;
        const model = selectedModel(state);
        const body = {
          name: draft.name.trim(),
          description: draft.description,
          labels: mapOf(draft.labels),
          ...(modelStructureEditable(model)
            ? { tags: draft.tags.map((tag) => ({ controller: tag.controller.trim(), tag: tag.tag.trim() })), parameters: mapOf(draft.parameters) }
            : {}),
        };
        const saved = selection.kind === 'model' ? await client.patchModel(http(), selection.modelId, body) : await client.createModel(http(), body);
        set({ selection: { kind: 'model', modelId: saved.model_id } });
      }
      await reload();
      set(resetDrafts());
    }

    return {
      models: [],
      status: 'idle',
      loadFailure: null,
      selection: null,
      modelDraft: null,
      versionDraft: null,
      draftBase: null,
      changed: false,
      busy: false,
      overwritePrompt: false,
      navigationBlocked: false,
      error: null,

      async load() {
        set({ status: get().models.length ? 'ready' : 'loading' });
        try {
          await reload();
          set({ ...resetDrafts(), loadFailure: null });
        } catch (error) {
          set({ status: 'error', loadFailure: error, error: errorOf(error) });
        }
      },

      async refresh() {
        if (get().changed || get().busy) return false;
        try {
          await reload();
          if (!get().changed) set(resetDrafts());
        } catch (error) {
          set({ error: errorOf(error) });
        }
        return true;
      },

      async refreshSelected() {
        const { selection } = get();
        if (selection?.kind !== 'version') {
          await get().refresh();
          return;
        }
        try {
          replaceVersion(await client.getVersion(http(), selection.modelId, selection.versionId));
          if (!get().changed) set(resetDrafts());
        } catch (error) {
          set({ error: errorOf(error) });
        }
      },

      select(selection) {
        if (get().changed) {
          set({ navigationBlocked: true });
          return false;
        }
        set({ selection, navigationBlocked: false, error: null });
        set(resetDrafts());
        return true;
      },

      newModel() {
        return get().select({ kind: 'new-model' });
      },

      editModel(patch) {
        const draft = get().modelDraft;
        if (draft) set({ modelDraft: { ...draft, ...patch }, changed: true });
      },

      editVersion(patch) {
        const draft = get().versionDraft;
        if (draft) set({ versionDraft: { ...draft, ...patch }, changed: true });
      },

      discard() {
        if (get().selection?.kind === 'new-model') set({ selection: null });
        set({ ...resetDrafts(), navigationBlocked: false });
      },

      async save() {
        const state = get();
        if (state.modelDraft && modelDraftErrors(state.modelDraft).any) return;
        if (state.versionDraft && versionDraftErrors(state.versionDraft).any) return;
        const { selection } = state;
        if (!selection) return;
        await run(async () => {
          if (selection.kind !== 'new-model') {
            let serverCopy: { modification_date: string };
            try {
              serverCopy = selection.kind === 'version'
                ? await client.getVersion(http(), selection.modelId, selection.versionId)
                : await client.getModel(http(), selection.modelId);
            } catch (error) {
              set({ error: errorOf(error, 'ml:fetchServerCopyFailed') });
              return;
            }
            if (serverCopy.modification_date !== get().draftBase) {
              set({ overwritePrompt: true });
              return;
            }
          }
          await writeDraft();
          set({ navigationBlocked: false });
        });
      },

      async resolveOverwrite(overwrite) {
        set({ overwritePrompt: false });
        if (!overwrite) return;
        await run(async () => {
          await writeDraft();
          set({ navigationBlocked: false });
        });
      },

      async addVersion() {
        const model = selectedModel(get());
        if (!model || get().changed) return;
        await run(async () => {
          const version = await client.createVersion(http(), model.model_id, defaultNewVersion(now()));
          await reload();
          get().select({ kind: 'version', modelId: model.model_id, versionId: version.version_id });
        });
      },

      async copyVersion() {
        const version = selectedVersion(get());
        if (!version || get().changed) return;
        await run(async () => {
          const copy = await client.createVersion(http(), version.model_id, {
            name: `${version.name} (copy)`, description: version.description, labels: version.labels, parameters: version.parameters,
          });
          await reload();
          get().select({ kind: 'version', modelId: version.model_id, versionId: copy.version_id });
        });
      },

      async deleteSelected() {
        const { selection } = get();
        if (!selection || selection.kind === 'new-model') return;
        await run(async () => {
          if (selection.kind === 'version') await client.deleteVersion(http(), selection.modelId, selection.versionId);
          else await client.deleteModel(http(), selection.modelId);
          set({ changed: false, selection: selection.kind === 'version' ? { kind: 'model', modelId: selection.modelId } : null });
          await reload();
          set(resetDrafts());
        });
      },

      async train() {
        const version = selectedVersion(get());
        if (!version || get().changed) return;
        // Spec: the chip shows STARTING_TRAINING at once, before the server answers.
        replaceVersion({ ...version, status: 'VERSION_STATUS_STARTING_TRAINING', status_message: null });
        await run(async () => {
          try {
            replaceVersion(await client.startTraining(http(), version.model_id, version.version_id));
          } catch (error) {
            replaceVersion(version);
            throw error;
          }
          set(resetDrafts());
        });
      },

      clearError() {
        set({ error: null });
      },
    };
  });
}

/**
 * Runs the refreshes: every 30 s (skipped while the page is hidden or changes are pending) and, while
 * the selected version trains, every 2 s. Returns stop().
 */
export function startMlExplorerRefresh(
  store: StoreApi<MlExplorerState>,
  options: { isHidden?: () => boolean; refreshMs?: number; trainingPollMs?: number } = {},
): () => void {
  const hidden = options.isHidden ?? (() => false);
  const refresh = setInterval(() => {
    if (!hidden()) void store.getState().refresh();
  }, options.refreshMs ?? ML_REFRESH_MS);
  const poll = setInterval(() => {
    const version = selectedVersion(store.getState());
    if (version && isTrainingInProgress(version.status) && !hidden()) void store.getState().refreshSelected();
  }, options.trainingPollMs ?? ML_TRAINING_POLL_MS);
  return () => {
    clearInterval(refresh);
    clearInterval(poll);
  };
}
