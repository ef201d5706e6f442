import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TagSearchRow } from '../contract/search.js';
import type { SiteProxyConnection } from '../controllerProxy/siteProxyConnection.js';
import type { SearchSocket } from './searchClient.js';

export interface SearchState {
  /** The text of the current search ('' before the first). */
  text: string;
  /** Rows of every source, one per site and tag, in arrival order; `index` is the position here. */
  rows: readonly TagSearchRow[];
  /** Sources that have not answered yet. */
  pending: number;
  /** Sites whose search failed, with the reason. */
  errors: Readonly<Record<string, string>>;
  /** Sends the text to every connected site (tag_userSearch) and to the search socket. */
  search(text: string): void;
  /** Rows from the search socket (wire its onRows here). */
  addRows(rows: readonly TagSearchRow[]): void;
  clear(): void;
}

export type SearchStore = StoreApi<SearchState>;

export interface SearchStoreOptions {
  connections: () => readonly SiteProxyConnection[];
  socket?: () => SearchSocket | null;
}

/** Cross-site search: answers from site sockets and the search host merged, de-duplicated. */
export function createSearchStore(options: SearchStoreOptions): SearchStore {
  let generation = 0;
  return createStore<SearchState>()((set, get) => {
    function merge(rows: readonly TagSearchRow[]): void {
      const seen = new Set(get().rows.map((row) => `${row.siteUuid}\u0000${row.Name}`));
      const fresh = rows.filter((row) => {
        const key = `${row.siteUuid}\u0000${row.Name}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (fresh.length === 0) return;
      const start = get().rows.length;
      set({ rows: [...get().rows, ...fresh.map((row, offset) => ({ ...row, index: start + offset }))] });
    }

    return {
      text: '',
      rows: [],
      pending: 0,
      errors: {},
      search(text) {
        const trimmed = text.trim();
        const mine = ++generation;
        const sites = options.connections().filter((connection) => connection.state === 'logged-in');
        set({ text: trimmed, rows: [], errors: {}, pending: trimmed ? sites.length : 0 });
        if (!trimmed) return;
        options.socket?.()?.search(trimmed);
        for (const connection of sites) {
          connection.searchTags(trimmed).then(
            (rows) => {
              if (mine !== generation) return;
              merge(rows);
              set({ pending: get().pending - 1 });
            },
            (error: Error) => {
              if (mine !== generation) return;
              set({ pending: get().pending - 1, errors: { ...get().errors, [connection.siteUuid]: error.message } });
            },
          );
        }
      },
      addRows(rows) {
        if (get().text) merge(rows);
      },
      clear() {
        generation += 1;
        set({ text: '', rows: [], pending: 0, errors: {} });
      },
    };
  });
}
