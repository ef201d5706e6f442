/**
 * The table's search, matched in the browser over the rows every alarm view shares (issue 37, item 2):
 * sent to the sites, it emptied the one alarm store the cards and the map also read, and they showed a
 * false all-clear. Same match as a site's alarm_getUpdate search: any column contains the text, in any case.
 */
import { ALARM_COLUMNS, type AlarmRow } from '@varde/core/contract';

export function rowMatchesSearch(row: AlarmRow, search: string): boolean {
  if (search === '') return true;
  const needle = search.toLowerCase();
  return ALARM_COLUMNS.some((column) => String(row[column]).toLowerCase().includes(needle));
}
