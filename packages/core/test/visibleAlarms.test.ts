import { expect, it } from 'vitest';
import { ALARM_TABLE_COLUMNS, createAlarmsStore, createVisibleAlarmsSelector, filterAlarmRows, sortAlarmRows, type AlarmRow, type AlarmRowFilter, type AlarmSort } from './support.js';

/** The table's rows after each answer, merged, against a full filter and sort of every row. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

it('merging one site\'s answer gives the rows and order of a full sort, for every column, filter and direction', () => {
  const next = random(15);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  let serial = 0;
  // Few distinct values, so that many rows are equal in the sorted column and the order among equals counts.
  const rowsOf = (site: string, count: number): AlarmRow[] =>
    Array.from({ length: count }, () => ({
      id: `r${serial++}`, alarmGroup: pick(['A', 'B', 'C', 'X']), site: `Site ${site}`, siteUuid: site, tagName: pick(['RT401', 'JP1', 'rt401']),
      active: pick(['2025-01-15T08:05:00.000Z', '2025-01-15T09:00:00.000Z', 'not a time']), inactive: null, text: pick(['a', 'b']),
      value: pick(['1', '10', '2']), acknowledgedBy: null, alarmType: 'limit',
    }));
  const sites = Array.from({ length: 12 }, (_, index) => `s${index}`);
  for (let round = 0; round < 40; round += 1) {
    const store = createAlarmsStore();
    const select = createVisibleAlarmsSelector();
    const sort: AlarmSort = { column: pick(ALARM_TABLE_COLUMNS), direction: pick(['asc', 'desc'] as const) };
    const filter: AlarmRowFilter = pick([{}, { classes: ['A', 'B'] }, { sites: ['s1', 's2', 's3'] }]);
    store.getState().setSort(sort);
    store.getState().setFilter(filter);
    for (let step = 0; step < 25; step += 1) {
      const roll = next();
      if (roll < 0.1) store.getState().removeSite(pick(sites));
      else {
        const updates = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
          const site = pick(sites);
          return { siteUuid: site, rows: rowsOf(site, Math.floor(next() * 8)), total: 0, latestTimestamp: step, unchanged: next() < 0.2 };
        });
        store.getState().applyUpdates(updates);
      }
      const state = store.getState();
      const full = sortAlarmRows(filterAlarmRows(Object.values(state.rowsBySite).flat(), state.filter), state.sort);
      expect(select(state).map((row) => row.id)).toEqual(full.map((row) => row.id));
    }
  }
});
