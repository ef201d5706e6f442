/** The operator's view of an alarm's state: the state filter and the text of the State column. */
import { isShelved, type AlarmRow, type AlarmStateFilter } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { formatDateTime, i18n } from '@varde/core';

/** '' = every alarm that is not shelved (shelved ones show only under 'shelved'). */
export type TableStateFilter = AlarmStateFilter | '';

/** Whether the row belongs under the filter at `now` (shelving ends by itself, so `now` decides). */
export function rowInState(row: AlarmRow, filter: TableStateFilter, now: number): boolean {
  const shelved = isShelved(row, now);
  if (filter === 'shelved') return shelved;
  if (shelved) return false;
  switch (filter) {
    case 'unacked':
      return row.acknowledgedBy === null;
    case 'acked':
      return row.acknowledgedBy !== null;
    case 'active':
      return row.inactive === null;
    case 'cleared':
      return row.inactive !== null;
    default:
      return true;
  }
}

/** "Acknowledged by …" / "Unacknowledged" / "Shelved until …", and "cleared" when it is. */
export function stateText(row: AlarmRow, t: WidgetTranslate, now: number): string {
  const parts: string[] = [];
  if (isShelved(row, now)) parts.push(t('stateShelved', { until: formatDateTime(row.shelvedUntil!, i18n.language) }));
  parts.push(row.acknowledgedBy === null ? t('stateUnacked') : t('stateAcked', { by: row.acknowledgedBy }));
  if (row.inactive !== null) parts.push(t('cleared'));
  return parts.join(' · ');
}
