import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  DEFAULT_FUNCTION_REQUIREMENTS,
  functionName,
  type FunctionSummary,
  type SaveFunctionQuery,
} from '../contract/faas.js';
import { DEFAULT_FUNCTION_SOURCE } from '../contract/faasTemplate.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { isHttpError } from '../http/HttpError.js';
import * as client from './faasClient.js';

/** Spec §9: the function list is refreshed every 10 s. */
export const FUNCTION_LIST_REFRESH_MS = 10_000;

/** What the editor holds: the fields a user edits, plus version and updated (read only). */
export interface FunctionDraft {
  name: string;
  description: string;
  requirements: string;
  source: string;
  version: number | null;
  updated: string | null;
}

export type EditableField = 'name' | 'description' | 'requirements' | 'source';

export interface FunctionsEditorState {
  functions: FunctionSummary[];
  listStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the list could not be read (an HttpError, a NetworkError…), for a refusal or a failure in the UI's words; null once read. */
  listFailure: unknown;
  /** none selected, editing an existing function, or a new one (only then is the name editable). */
  mode: 'none' | 'edit' | 'new';
  selectedName: string | null;
  draft: FunctionDraft | null;
  /** Loading the selected function's source. */
  loadingDraft: boolean;
  unsaved: boolean;
  saving: boolean;
  /** A selection was refused because of unsaved changes (the warning says so). */
  selectionBlocked: boolean;
  /** The server's detail (or the error's message), shown in a dismissible box. */
  error: string | null;

  loadList(): Promise<void>;
  /** Selects a function; false (and selectionBlocked) while changes are unsaved. */
  select(name: string): Promise<boolean>;
  /** Opens the new-function template; false while changes are unsaved. */
  startNew(): boolean;
  edit(field: EditableField, value: string): void;
  /** Drops the changes and returns to none selected. */
  cancel(): void;
  /** Save needs a non-empty (valid) name and unsaved changes; returns to none selected on success. */
  canSave(): boolean;
  save(): Promise<boolean>;
  /** Deletes the selected function (returns to none selected). */
  remove(): Promise<boolean>;
  dismissError(): void;
}

export interface FunctionsEditorOptions {
  http: () => HttpClient | null;
  /** Hosts and tokens for the save query (functionServiceQuery); none when not given. */
  serviceQuery?: () => SaveFunctionQuery;
}

export function newFunctionDraft(): FunctionDraft {
  return { name: '', description: '', requirements: DEFAULT_FUNCTION_REQUIREMENTS, source: DEFAULT_FUNCTION_SOURCE, version: null, updated: null };
}

function messageOf(error: unknown): string {
  if (isHttpError(error)) return error.detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The cloud functions editor's state machine (admin-modules spec §2 and §4), as a zustand vanilla store. */
export function createFunctionsEditorStore(options: FunctionsEditorOptions): StoreApi<FunctionsEditorState> {
  const http = () => {
    const client = options.http();
    if (!client) throw new Error('Not signed in');
    return client;
  };
  let selectGeneration = 0;

  return createStore<FunctionsEditorState>()((set, get) => {
    const closeEditor = () =>
      set({ mode: 'none', selectedName: null, draft: null, unsaved: false, selectionBlocked: false, loadingDraft: false });

    return {
      functions: [],
      listStatus: 'idle',
      listFailure: null,
      mode: 'none',
      selectedName: null,
      draft: null,
      loadingDraft: false,
      unsaved: false,
      saving: false,
      selectionBlocked: false,
      error: null,

      async loadList() {
        if (get().listStatus === 'idle') set({ listStatus: 'loading' });
        try {
          set({ functions: await client.listFunctions(http()), listStatus: 'ready', listFailure: null });
        } catch (error) {
          set({ listStatus: 'error', listFailure: error, error: messageOf(error) });
        }
      },

      async select(name) {
        if (get().unsaved) {
          set({ selectionBlocked: true });
          return false;
        }
        const generation = ++selectGeneration;
        set({ mode: 'edit', selectedName: name, draft: null, loadingDraft: true, selectionBlocked: false });
        try {
          const fn = await client.getFunction(http(), name);
          if (generation !== selectGeneration) return true;
          set({ draft: { ...fn }, loadingDraft: false });
        } catch (error) {
          if (generation !== selectGeneration) return true;
          closeEditor();
          set({ error: messageOf(error) });
        }
        return true;
      },

      startNew() {
        if (get().unsaved) {
          set({ selectionBlocked: true });
          return false;
        }
        selectGeneration += 1;
        set({ mode: 'new', selectedName: null, draft: newFunctionDraft(), loadingDraft: false, unsaved: false, selectionBlocked: false });
        return true;
      },

      edit(field, value) {
        const { draft, mode } = get();
        if (!draft || (field === 'name' && mode !== 'new') || draft[field] === value) return;
        set({ draft: { ...draft, [field]: value }, unsaved: true });
      },

      cancel() {
        selectGeneration += 1;
        closeEditor();
      },

      canSave() {
        const { draft, unsaved, saving } = get();
        return !!draft && unsaved && !saving && draft.name.trim() !== '';
      },

      async save() {
        const { draft } = get();
        if (!draft || !get().canSave()) return false;
        const name = draft.name.trim();
        const valid = functionName.safeParse(name);
        if (!valid.success) {
          set({ error: valid.error.issues[0]?.message ?? 'Invalid name' });
          return false;
        }
        set({ saving: true });
        try {
          const body = { description: draft.description, requirements: draft.requirements, source: draft.source };
          await client.saveFunction(http(), name, body, options.serviceQuery?.() ?? {});
          set({ saving: false });
          closeEditor();
          await get().loadList();
          return true;
        } catch (error) {
          set({ saving: false, error: messageOf(error) });
          return false;
        }
      },

      async remove() {
        const { selectedName, mode } = get();
        if (mode !== 'edit' || !selectedName) return false;
        set({ saving: true });
        try {
          await client.deleteFunction(http(), selectedName);
          set({ saving: false });
          closeEditor();
          await get().loadList();
          return true;
        } catch (error) {
          set({ saving: false, error: messageOf(error) });
          return false;
        }
      },

      dismissError: () => set({ error: null }),
    };
  });
}

/** Reloads the list every 10 s; returns stop. */
export function startFunctionListRefresh(store: StoreApi<FunctionsEditorState>, intervalMs = FUNCTION_LIST_REFRESH_MS): () => void {
  void store.getState().loadList();
  const timer = setInterval(() => void store.getState().loadList(), intervalMs);
  return () => clearInterval(timer);
}
