import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AlarmRow, AlarmUpdate } from '../contract/alarms.js';
import type { AlarmRowFilter, AlarmSort } from './alarmRows.js';
import { createVisibleRows } from './visibleAlarms.js';

/** Alarm table state: the rows each site's socket reported, with filters and sorting on top. */
export interface AlarmsState {
  rowsBySite: Readonly<Record<string, readonly AlarmRow[]>>;
  /** latestTimestamp of each site's last answer (sent back so unchanged sites send no rows). */
  latestBySite: Readonly<Record<string, number>>;
  /** Why a site gave no rows (login failed, not connected); absent when fine. */
  errorsBySite: Readonly<Record<string, string>>;
  /** When each site last answered (ms): how old its rows are when it stops answering (alarmStaleness). */
  answeredAtBySite: Readonly<Record<string, number>>;
  filter: AlarmRowFilter;
  sort: AlarmSort;
  applyUpdate(update: AlarmUpdate): void;
  /** Several sites' answers in one state change (one re-sort, one render for a burst of answers). */
  applyUpdates(updates: readonly AlarmUpdate[]): void;
  setSiteError(siteUuid: string, message: string | null): void;
  /** Forgets a site (its socket closed). */
  removeSite(siteUuid: string): void;
  setFilter(filter: AlarmRowFilter): void;
  setSort(sort: AlarmSort): void;
  clear(): void;
}

export type AlarmsStore = StoreApi<AlarmsState>;

/** Newest first until the user picks a column. */
export const DEFAULT_ALARM_SORT: AlarmSort = { column: 'active', direction: 'desc' };

/** The state after these answers: each site's rows replaced, its latest timestamp kept, its error gone. */
function withUpdates(state: AlarmsState, updates: readonly AlarmUpdate[]): Partial<AlarmsState> {
  const errorsBySite = { ...state.errorsBySite };
  const latestBySite = { ...state.latestBySite };
  const answeredAtBySite = { ...state.answeredAtBySite };
  const now = Date.now();
  let rowsBySite: AlarmsState['rowsBySite'] | null = null;
  for (const update of updates) {
    delete errorsBySite[update.siteUuid];
    latestBySite[update.siteUuid] = update.latestTimestamp;
    answeredAtBySite[update.siteUuid] = now;
    // An unchanged site keeps its rows (and the same array, so views need not re-render them).
    if (!update.unchanged) rowsBySite = { ...(rowsBySite ?? state.rowsBySite), [update.siteUuid]: update.rows };
  }
  return rowsBySite ? { rowsBySite, latestBySite, errorsBySite, answeredAtBySite } : { latestBySite, errorsBySite, answeredAtBySite };
}

export function createAlarmsStore(): AlarmsStore {
  return createStore<AlarmsState>()((set) => ({
    rowsBySite: {},
    latestBySite: {},
    errorsBySite: {},
    answeredAtBySite: {},
    filter: {},
    sort: DEFAULT_ALARM_SORT,
    applyUpdate(update) {
      set((state) => withUpdates(state, [update]));
    },
    applyUpdates(updates) {
      if (updates.length > 0) set((state) => withUpdates(state, updates));
    },
    setSiteError(siteUuid, message) {
      set((state) => {
        const errorsBySite = { ...state.errorsBySite };
        if (message === null) delete errorsBySite[siteUuid];
        else errorsBySite[siteUuid] = message;
        return { errorsBySite };
      });
    },
    removeSite(siteUuid) {
      set((state) => {
        const { [siteUuid]: _rows, ...rowsBySite } = state.rowsBySite;
        const { [siteUuid]: _latest, ...latestBySite } = state.latestBySite;
        const { [siteUuid]: _error, ...errorsBySite } = state.errorsBySite;
        const { [siteUuid]: _answered, ...answeredAtBySite } = state.answeredAtBySite;
        return { rowsBySite, latestBySite, errorsBySite, answeredAtBySite };
      });
    },
    setFilter: (filter) => set({ filter }),
    setSort: (sort) => set({ sort }),
    clear: () => set({ rowsBySite: {}, latestBySite: {}, errorsBySite: {}, answeredAtBySite: {} }),
  }));
}

/**
 * Selector: every site's rows, filtered and sorted as the state says. Memoized on the inputs'
 * identities, so a poll that changes nothing returns the same array; an answer of one site merges
 * that site's rows into the last result (visibleAlarms.ts).
 */
export function createVisibleAlarmsSelector(): (state: AlarmsState) => AlarmRow[] {
  const visible = createVisibleRows();
  return (state) => visible(state.rowsBySite, state.filter, state.sort);
}
