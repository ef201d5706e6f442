import { createStore, type StoreApi } from 'zustand/vanilla';
import { MAPPING_RELOAD_DELAY_MS, type Mapping, type MappingTable, type MappingWrite } from '../contract/mappings.js';
import type { HttpClient } from '../http/createHttpClient.js';
import { isHttpError } from '../http/HttpError.js';
import { siteAccessRefusal } from '../i18n/siteAccessRefusal.js';
import * as client from './mappingsClient.js';
import { parameterValueFromText, parameterValueText } from './parameterText.js';
import { controllerIdError } from './tagMappingRules.js';

export interface CloudAppsState {
  mappings: Mapping[];
  mappingsStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the mappings could not be read (an HttpError, a NetworkError…), for a refusal or a failure in the UI's words; null once read. */
  mappingsFailure: unknown;
  selectedMappingUuid: string | null;
  tables: MappingTable[];
  tablesStatus: 'idle' | 'loading' | 'ready' | 'error';
  selectedTableUuid: string | null;
  /** A write and the reload after it are in progress (the busy dialog shows). */
  busy: boolean;
  error: string | null;

  loadMappings(): Promise<void>;
  /** Chooses a mapping and loads its tables. */
  selectMapping(uuid: string | null): Promise<void>;
  /** Single selection; null clears it. */
  selectTable(uuid: string | null): void;
  renameTable(uuid: string, title: string): Promise<boolean>;
  copyTable(uuid: string): Promise<boolean>;
  deleteTable(uuid: string): Promise<boolean>;
  newTable(title: string): Promise<boolean>;
  setActive(uuid: string, active: boolean): Promise<boolean>;
  /** Edits one cell of the selected table's tag mapping (the value is trimmed first). */
  setTagMapping(meaningUuid: string, field: 'controller-id' | 'tag', value: string): Promise<boolean>;
  /** Sets one of the selected table's parameters from its text (parameterValueFromText); empty clears it. */
  setParameter(meaningUuid: string, text: string): Promise<boolean>;
  /** Replaces the selected mapping's fields (cause, consequence, level, ratings, cypher_query, ...). */
  saveMapping(fields: MappingWrite): Promise<boolean>;
  dismissError(): void;
}

export interface CloudAppsOptions {
  http: () => HttpClient | null;
  /** Spec §9: the wait after a write before the tables are reloaded (2000 ms). */
  reloadDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  newId?: () => string;
}

function messageOf(error: unknown): string {
  const refusal = siteAccessRefusal(error);
  if (refusal) return refusal;
  if (isHttpError(error)) return error.detail ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The cloud apps page's state (admin-modules spec §2, §4, §9) as a zustand vanilla store. */
export function createCloudAppsStore(options: CloudAppsOptions): StoreApi<CloudAppsState> {
  const delay = options.reloadDelayMs ?? MAPPING_RELOAD_DELAY_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  const http = () => {
    const found = options.http();
    if (!found) throw new Error('Not signed in');
    return found;
  };

  return createStore<CloudAppsState>()((set, get) => {
    async function reloadTables(mappingUuid: string): Promise<void> {
      const tables = await client.listMappingTables(http(), mappingUuid);
      if (get().selectedMappingUuid !== mappingUuid) return;
      const selected = get().selectedTableUuid;
      set({ tables, tablesStatus: 'ready', selectedTableUuid: tables.some((t) => t.uuid === selected) ? selected : null });
    }

    async function reloadMappings(): Promise<void> {
      set({ mappings: await client.listMappings(http()), mappingsStatus: 'ready', mappingsFailure: null });
    }

    /** A write, then the 2 s wait, then the reload (of the tables, or of the mappings); busy throughout. */
    async function write(action: (mappingUuid: string) => Promise<unknown>, select?: string, reload: 'tables' | 'mappings' = 'tables'): Promise<boolean> {
      const mappingUuid = get().selectedMappingUuid;
      if (!mappingUuid || get().busy) return false;
      set({ busy: true });
      try {
        await action(mappingUuid);
        if (select !== undefined) set({ selectedTableUuid: select });
        await sleep(delay);
        await (reload === 'tables' ? reloadTables(mappingUuid) : reloadMappings());
        return true;
      } catch (error) {
        set({ error: messageOf(error) });
        await (reload === 'tables' ? reloadTables(mappingUuid) : reloadMappings()).catch(() => undefined);
        return false;
      } finally {
        set({ busy: false });
      }
    }

    const tableOf = (uuid: string) => get().tables.find((table) => table.uuid === uuid);

    return {
      mappings: [],
      mappingsStatus: 'idle',
      mappingsFailure: null,
      selectedMappingUuid: null,
      tables: [],
      tablesStatus: 'idle',
      selectedTableUuid: null,
      busy: false,
      error: null,

      async loadMappings() {
        set({ mappingsStatus: 'loading' });
        try {
          await reloadMappings();
        } catch (error) {
          set({ mappingsStatus: 'error', mappingsFailure: error, error: messageOf(error) });
        }
      },

      async selectMapping(uuid) {
        set({ selectedMappingUuid: uuid, tables: [], selectedTableUuid: null, tablesStatus: uuid ? 'loading' : 'idle' });
        if (!uuid) return;
        try {
          await reloadTables(uuid);
        } catch (error) {
          if (get().selectedMappingUuid === uuid) set({ tablesStatus: 'error', error: messageOf(error) });
        }
      },

      selectTable: (uuid) => set({ selectedTableUuid: uuid }),

      async renameTable(uuid, title) {
        const trimmed = title.trim();
        const table = tableOf(uuid);
        if (!table || trimmed === '' || trimmed === table.title) return false;
        return write((mapping) => client.patchMappingTable(http(), mapping, uuid, { title: trimmed }));
      },

      async copyTable(uuid) {
        const table = tableOf(uuid);
        if (!table) return false;
        const copyId = newId();
        const { uuid: _drop, ...row } = table;
        return write((mapping) => client.putMappingTable(http(), mapping, copyId, { ...row, title: `${table.title} (copy)` }), copyId);
      },

      async deleteTable(uuid) {
        if (!tableOf(uuid)) return false;
        return write((mapping) => client.deleteMappingTable(http(), mapping, uuid));
      },

      async newTable(title) {
        const id = newId();
        const row = { title: title.trim() || 'New table', active: false, 'tag-mappings': [], parameters: [] };
        return write((mapping) => client.putMappingTable(http(), mapping, id, row), id);
      },

      async setActive(uuid, active) {
        const table = tableOf(uuid);
        if (!table || table.active === active) return false;
        return write((mapping) => client.patchMappingTable(http(), mapping, uuid, { active }));
      },

      async setTagMapping(meaningUuid, field, value) {
        const tableUuid = get().selectedTableUuid;
        const table = tableUuid ? tableOf(tableUuid) : undefined;
        if (!table) return false;
        const trimmed = value.trim();
        const current = table['tag-mappings'].find((entry) => entry['meaning-uuid'] === meaningUuid);
        const entry = {
          'meaning-uuid': meaningUuid,
          'controller-id': current?.['controller-id'] ?? '',
          tag: current?.tag ?? '',
          [field]: trimmed,
        };
        if (current && current[field] === trimmed) return false;
        if (!current && trimmed === '') return false;
        const invalid = controllerIdError(entry['controller-id']);
        if (invalid) {
          set({ error: invalid });
          return false;
        }
        return write((mapping) => client.putTagMapping(http(), mapping, table.uuid, entry));
      },

      async setParameter(meaningUuid, text) {
        const tableUuid = get().selectedTableUuid;
        const table = tableUuid ? tableOf(tableUuid) : undefined;
        if (!table) return false;
        const value = parameterValueFromText(text);
        const current = table.parameters.find((entry) => entry['meaning-uuid'] === meaningUuid);
        if (parameterValueText(current?.value ?? null) === parameterValueText(value)) return false;
        const others = table.parameters.filter((entry) => entry['meaning-uuid'] !== meaningUuid);
        const parameters = value === null ? others : [...others, { 'meaning-uuid': meaningUuid, value }];
        return write((mapping) => client.patchMappingTable(http(), mapping, table.uuid, { parameters }));
      },

      async saveMapping(fields) {
        return write((mapping) => client.updateMapping(http(), mapping, fields), undefined, 'mappings');
      },

      dismissError: () => set({ error: null }),
    };
  });
}
