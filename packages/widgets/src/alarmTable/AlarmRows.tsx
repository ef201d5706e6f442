/** The alarm table's header and virtualized body (fixed 40 px rows: 5,000 alarms keep the DOM small). */
import { memo, useMemo } from 'react';
import { alarmClassColor, alarmClassTextColor, formatAlarmTime, type AlarmSort, type AlarmTableColumn } from '@varde/core';
import type { AlarmRow } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { useVirtualRows } from '../siteList/useVirtualRows.js';

export const ALARM_ROW_HEIGHT_PX = 40;

export const COLUMN_LABEL_KEYS: Record<AlarmTableColumn, string> = {
  alarmGroup: 'colClass',
  site: 'colSite',
  tagName: 'colName',
  active: 'colTriggered',
  text: 'colDescription',
  value: 'colValue',
};
const COLUMNS = Object.keys(COLUMN_LABEL_KEYS) as AlarmTableColumn[];

/** Text on the class badge: white on red and blue, dark on the light cyan. */
/** Readable text on the class colour (core's one palette). */
export const classTextColor = alarmClassTextColor;

const AlarmLine = memo(function AlarmLine({ row, t }: { row: AlarmRow; t: WidgetTranslate }) {
  const cleared = row.inactive !== null;
  return (
    <div
      className={`varde-alarm-table__row${cleared ? ' varde-alarm-table__row--cleared' : ''}`}
      role="row"
      part="row"
      data-alarm-id={row.id}
      data-class={row.alarmGroup}
      data-site-uuid={row.siteUuid}
    >
      <span role="cell">
        <span className="varde-alarm-table__class" part="class" style={{ background: alarmClassColor(row.alarmGroup), color: classTextColor(row.alarmGroup) }}>
          {row.alarmGroup}
        </span>
      </span>
      <span role="cell" title={row.site}>{row.site}</span>
      <span role="cell" title={row.tagName}>{row.tagName}</span>
      <span role="cell" title={cleared ? `${t('cleared')} ${formatAlarmTime(row.inactive!)}` : undefined}>{formatAlarmTime(row.active)}</span>
      <span role="cell" title={row.text}>{row.text}</span>
      <span role="cell" title={row.value}>{row.value}</span>
    </div>
  );
});

export function AlarmRows(props: { rows: readonly AlarmRow[]; sort: AlarmSort; onSort: (column: AlarmTableColumn) => void; t: WidgetTranslate }) {
  const { rows, sort, onSort, t } = props;
  const virtual = useVirtualRows({ count: rows.length, rowHeight: ALARM_ROW_HEIGHT_PX, overscan: 8 });
  // Texts only change with the language (t), not with every poll.
  const labels = useMemo(
    () => Object.fromEntries(COLUMNS.map((column) => [column, t(COLUMN_LABEL_KEYS[column])])) as Record<AlarmTableColumn, string>,
    [t],
  );
  return (
    <div className="varde-alarm-table__scroller" ref={virtual.scrollRef} part="scroller">
      <div className="varde-alarm-table__grid" role="table" aria-label={t('tableLabel')} aria-rowcount={rows.length + 1}>
        <div className="varde-alarm-table__row varde-alarm-table__head" role="row" part="header">
          {COLUMNS.map((column) => {
            const label = labels[column];
            const sorted = sort.column === column;
            return (
              <span key={column} role="columnheader" aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                <button type="button" className="varde-alarm-table__sort" data-column={column} title={label} onClick={() => onSort(column)}>
                  {label}
                  <span aria-hidden="true">{sorted ? (sort.direction === 'asc' ? '▲' : '▼') : ''}</span>
                </button>
              </span>
            );
          })}
        </div>
        <div style={{ height: virtual.totalHeight, position: 'relative' }} role="presentation">
          <div style={{ position: 'absolute', left: 0, right: 0, top: 0, transform: `translateY(${virtual.offsetTop}px)` }} role="rowgroup">
            {rows.slice(virtual.start, virtual.end).map((row) => (
              <AlarmLine key={row.id} row={row} t={t} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
