import { createStore, type StoreApi } from 'zustand/vanilla';
import { csvLineError, type CsvLineError, type GraphEdge } from '../contract/graph.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { isHttpError } from '../http/HttpError.js';
import { siteAccessRefusal } from '../i18n/siteAccessRefusal.js';
import { csv2edges, saveEdges } from './graphClient.js';
import { BimImportRefused, overwriteBuildingEdges } from './overwriteBuilding.js';

/** The Import tab's outcome line: a text key of i18n namespace `bim`, or the server's own words. */
export type BimImportNotice =
  | { kind: 'done'; textKey: 'done' }
  | { kind: 'refused'; textKey: 'noDataSetToSave' | 'spansMoreThanOneBuilding' }
  | { kind: 'unreachable'; textKey: 'unableToReachBackend' }
  | { kind: 'badLines'; detail: string; lines: CsvLineError[] }
  | { kind: 'error'; detail: string };

export interface BimImportState {
  fileName: string | null;
  csv: string | null;
  edges: GraphEdge[];
  busy: boolean;
  notice: BimImportNotice | null;
  chooseFile(name: string, text: string): void;
  /** "add": POST /csv2edges; the edges replace the table. */
  convert(): Promise<boolean>;
  /** "save all": POST /nodes and /edges (adds to what is stored). */
  saveAll(): Promise<boolean>;
  /** "overwrite all for the building": exactly one building, whose stored edges these replace. */
  overwriteBuilding(): Promise<boolean>;
}

export type BimImportStore = StoreApi<BimImportState>;

function lineErrorsOf(body: unknown): CsvLineError[] {
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item) => {
    const parsed = csvLineError.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function failure(error: unknown): BimImportNotice {
  if (error instanceof BimImportRefused) return { kind: 'refused', textKey: error.textKey };
  const refusal = siteAccessRefusal(error);
  if (refusal) return { kind: 'error', detail: refusal };
  if (isHttpError(error)) return { kind: 'error', detail: error.detail ?? error.message };
  return { kind: 'unreachable', textKey: 'unableToReachBackend' };
}

/**
 * The BIM mapper's Import tab (spec core-shell §2, §8): a CSV file is converted by csv2edges (a
 * failure to reach it says "Unable to reach backend service"; a 400 lists every bad line), then saved
 * ("Done") or made the whole content of its one building.
 */
export function createBimImportStore({ http }: { http: () => HttpClient }): BimImportStore {
  return createStore<BimImportState>()((set, get) => {
    async function write(action: () => Promise<unknown>): Promise<boolean> {
      set({ busy: true, notice: null });
      try {
        await action();
        set({ busy: false, notice: { kind: 'done', textKey: 'done' } });
        return true;
      } catch (error) {
        set({ busy: false, notice: failure(error) });
        return false;
      }
    }

    return {
      fileName: null,
      csv: null,
      edges: [],
      busy: false,
      notice: null,

      chooseFile(name, text) {
        set({ fileName: name, csv: text, edges: [], notice: null });
      },

      async convert() {
        const { csv } = get();
        if (csv === null) return false;
        set({ busy: true, notice: null, edges: [] });
        try {
          const edges = await csv2edges(http(), csv);
          set({ busy: false, edges });
          return true;
        } catch (error) {
          const lines = isHttpError(error) && error.status === 400 ? lineErrorsOf(error.body) : [];
          const notice: BimImportNotice = isHttpError(error) && error.status === 400
            ? { kind: 'badLines', detail: error.detail ?? error.message, lines }
            : { kind: 'unreachable', textKey: 'unableToReachBackend' };
          set({ busy: false, notice });
          return false;
        }
      },

      saveAll() {
        const { edges } = get();
        if (edges.length === 0) {
          set({ notice: { kind: 'refused', textKey: 'noDataSetToSave' } });
          return Promise.resolve(false);
        }
        return write(() => saveEdges(http(), edges));
      },

      overwriteBuilding() {
        return write(() => overwriteBuildingEdges(http(), get().edges));
      },
    };
  });
}
