import type { AlarmRow } from '../contract/alarms.js';
import { alarmRowOrder, filterAlarmRows, type AlarmRowFilter, type AlarmSort } from './alarmRows.js';

type RowsBySite = Readonly<Record<string, readonly AlarmRow[]>>;

/**
 * Every site's rows, filtered and sorted: the same rows in the same order as
 * `sortAlarmRows(filterAlarmRows(Object.values(rowsBySite).flat(), filter), sort)` (equal rows keep
 * the order of the sites, then their order within the site). Memoized; when only some sites' rows
 * changed (an answer replaces its site's array), their old rows are taken out and their new ones
 * merged in: one pass over 5,000 rows, not a sort of them.
 */
export function createVisibleRows(): (rowsBySite: RowsBySite, filter: AlarmRowFilter, sort: AlarmSort) => AlarmRow[] {
  let last: { rowsBySite: RowsBySite; filter: AlarmRowFilter; sort: AlarmSort; result: AlarmRow[] } | null = null;
  /** Where each row stood in the input: its site's key and its index there (equal rows' order). */
  const placeOf = new WeakMap<AlarmRow, { site: string; index: number }>();
  const place = (site: string, rows: readonly AlarmRow[]) => rows.forEach((row, index) => placeOf.set(row, { site, index }));

  return (rowsBySite, filter, sort) => {
    if (last && last.rowsBySite === rowsBySite && last.filter === filter && last.sort === sort) return last.result;
    const siteOrder = new Map(Object.keys(rowsBySite).map((site, index) => [site, index]));
    const order = alarmRowOrder(sort);
    const compare = (a: AlarmRow, b: AlarmRow): number => {
      const byColumn = order(a, b);
      if (byColumn) return byColumn;
      const x = placeOf.get(a)!;
      const y = placeOf.get(b)!;
      return siteOrder.get(x.site)! - siteOrder.get(y.site)! || x.index - y.index;
    };
    let result: AlarmRow[];
    if (last && last.filter === filter && last.sort === sort) {
      const before = last.rowsBySite;
      const changed = new Set(Object.keys(before).filter((site) => rowsBySite[site] !== before[site]));
      for (const site of Object.keys(rowsBySite)) if (before[site] !== rowsBySite[site]) changed.add(site);
      const fresh: AlarmRow[] = [];
      for (const site of changed) {
        const rows = rowsBySite[site];
        if (!rows) continue;
        place(site, rows);
        fresh.push(...filterAlarmRows(rows, filter));
      }
      result = merge(
        last.result.filter((row) => !changed.has(placeOf.get(row)!.site)),
        fresh.sort(compare),
        compare,
      );
    } else {
      for (const [site, rows] of Object.entries(rowsBySite)) place(site, rows);
      result = filterAlarmRows(Object.values(rowsBySite).flat(), filter).sort(compare);
    }
    last = { rowsBySite, filter, sort, result };
    return result;
  };
}

/** Two sorted lists as one (`a` first among equals, as `compare` never calls two rows equal). */
function merge(a: readonly AlarmRow[], b: readonly AlarmRow[], compare: (x: AlarmRow, y: AlarmRow) => number): AlarmRow[] {
  const out: AlarmRow[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}
