/**
 * The alarm table's header and virtualized body (fixed 40 px rows: 5,000 alarms keep the DOM small;
 * below 640 px of width, stacked rows of STACKED_ROW_HEIGHT_PX: class, tag and state, then description
 * and value, then site and time, so a phone shows every fact without scrolling sideways).
 * Rows are focusable: Enter or Space (or a click) opens the alarm, the arrow keys (Home, End) move
 * between rows, K acknowledges the focused row, and the checkbox selects a row for a bulk acknowledgement.
 */
import { memo, useEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { alarmClassColor, alarmClassTextColor, formatDateTime, formatMeasuredText, i18n, type AlarmSort, type AlarmTableColumn } from '@varde/core';
import type { AlarmRow } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import { useVirtualRows } from '../siteList/useVirtualRows.js';
import { stateText } from './alarmState.js';

export const ALARM_ROW_HEIGHT_PX = 40;
/** A stacked row (three lines) on a narrow table. */
export const STACKED_ROW_HEIGHT_PX = 84;
/** Narrower than this, the table shows stacked rows instead of columns. */
export const STACKED_MAX_WIDTH_PX = 640;

const narrowAtFirst = (maxWidth: number) => typeof window !== 'undefined' && window.innerWidth > 0 && window.innerWidth < maxWidth;

/** Follows whether the element is narrower than `maxWidth` (a ResizeObserver; the window's width before layout). */
function useNarrow(ref: RefObject<HTMLElement | null>, maxWidth: number, setNarrow: (narrow: boolean) => void): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) setNarrow(element.clientWidth < maxWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, maxWidth, setNarrow]);
}

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

/** The key that acknowledges the focused row (K: kvitter, kvittera, acknowledge). */
export const ACKNOWLEDGE_KEY = 'k';

/** Arrow keys move the focus to the row above or below (rendered thanks to the overscan); Home and End to the first and last rendered. */
function onRowKeyDown(event: KeyboardEvent<HTMLDivElement>, open: () => void, acknowledge: () => void): void {
  if (event.target !== event.currentTarget) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
    return;
  }
  if (event.key.toLowerCase() === ACKNOWLEDGE_KEY && !event.ctrlKey && !event.metaKey && !event.altKey) {
    event.preventDefault();
    acknowledge();
    return;
  }
  const row = event.currentTarget;
  const next =
    event.key === 'ArrowDown'
      ? row.nextElementSibling
      : event.key === 'ArrowUp'
        ? row.previousElementSibling
        : event.key === 'Home'
          ? row.parentElement?.firstElementChild
          : event.key === 'End'
            ? row.parentElement?.lastElementChild
            : null;
  if (next instanceof HTMLElement) {
    event.preventDefault();
    next.focus();
    next.scrollIntoView({ block: 'nearest' });
  }
}

interface AlarmLineProps {
  row: AlarmRow;
  t: WidgetTranslate;
  selected: boolean;
  now: number;
  onOpen: (id: string) => void;
  onAcknowledge: (row: AlarmRow) => void;
  onSelect: (id: string, selected: boolean) => void;
}

const AlarmLine = memo(function AlarmLine({ row, t, selected, now, onOpen, onAcknowledge, onSelect }: AlarmLineProps) {
  const cleared = row.inactive !== null;
  const acked = row.acknowledgedBy !== null;
  return (
    <div
      className={`varde-alarm-table__row varde-alarm-table__row--body${cleared ? ' varde-alarm-table__row--cleared' : ''}${acked ? ' varde-alarm-table__row--acked' : ''}`}
      role="row"
      part="row"
      tabIndex={0}
      data-alarm-id={row.id}
      data-class={row.alarmGroup}
      data-site-uuid={row.siteUuid}
      data-acked={acked}
      data-cleared={cleared}
      aria-keyshortcuts={acked ? undefined : ACKNOWLEDGE_KEY.toUpperCase()}
      onClick={(event) => {
        if (!(event.target instanceof HTMLInputElement)) onOpen(row.id);
      }}
      onKeyDown={(event) => onRowKeyDown(event, () => onOpen(row.id), () => onAcknowledge(row))}
    >
      <span role="cell" data-cell="select">
        <input
          type="checkbox"
          part="row-select"
          aria-label={t('selectAlarm', { name: `${row.site} ${row.tagName}` })}
          checked={selected}
          onChange={(event) => onSelect(row.id, event.currentTarget.checked)}
        />
      </span>
      <span role="cell" data-cell="class">
        <span className="varde-alarm-table__class" part="class" style={{ background: alarmClassColor(row.alarmGroup), color: classTextColor(row.alarmGroup) }}>
          {row.alarmGroup}
        </span>
      </span>
      <span role="cell" data-cell="site" title={row.site}>{row.site}</span>
      <span role="cell" data-cell="tag" title={row.tagName}>{row.tagName}</span>
      <span role="cell" data-cell="time" title={cleared ? `${t('cleared')} ${formatDateTime(row.inactive!, i18n.language)}` : undefined}>{formatDateTime(row.active, i18n.language)}</span>
      <span role="cell" data-cell="text" title={row.text}>{row.text}</span>
      <span role="cell" data-cell="value" title={row.value}>{formatMeasuredText(row.value, i18n.language)}</span>
      <span role="cell" data-cell="state" part="state" data-testid="alarm-row-state" title={row.ackComment ?? undefined}>
        {stateText(row, t, now)}
      </span>
    </div>
  );
});

export interface AlarmRowsProps {
  rows: readonly AlarmRow[];
  sort: AlarmSort;
  onSort: (column: AlarmTableColumn) => void;
  t: WidgetTranslate;
  selected: ReadonlySet<string>;
  onSelect: (id: string, selected: boolean) => void;
  /** Selects (true) or unselects every row shown. */
  onSelectAll: (selected: boolean) => void;
  onOpen: (id: string) => void;
  /** The focused row's K: acknowledge it. */
  onAcknowledge: (row: AlarmRow) => void;
  /** When the state texts were last worked out (shelving ends by itself). */
  now: number;
  /** The rows are no longer confirmed by every site (shown dimmed, under the stale notice). */
  stale?: boolean;
}

export function AlarmRows(props: AlarmRowsProps) {
  const { rows, sort, onSort, t, selected, onSelect, onSelectAll, onOpen, onAcknowledge, now } = props;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const [stacked, setStacked] = useState(() => narrowAtFirst(STACKED_MAX_WIDTH_PX));
  const virtual = useVirtualRows({ count: rows.length, rowHeight: stacked ? STACKED_ROW_HEIGHT_PX : ALARM_ROW_HEIGHT_PX, overscan: 8 });
  useNarrow(virtual.scrollRef, STACKED_MAX_WIDTH_PX, setStacked);
  // Texts only change with the language (t), not with every poll.
  const labels = useMemo(
    () => Object.fromEntries(COLUMNS.map((column) => [column, t(COLUMN_LABEL_KEYS[column])])) as Record<AlarmTableColumn, string>,
    [t],
  );
  return (
    <div className="varde-alarm-table__scroller" ref={virtual.scrollRef} part="scroller" data-stale={props.stale ? '' : undefined}>
      <div className={`varde-alarm-table__grid${stacked ? ' varde-alarm-table__grid--stacked' : ''}`} data-layout={stacked ? 'stacked' : 'columns'} role="table" aria-label={t('tableLabel')} aria-rowcount={rows.length + 1}>
        <div className="varde-alarm-table__row varde-alarm-table__head" role="row" part="header">
          <span role="columnheader">
            <input type="checkbox" part="select-all" aria-label={t('selectAll')} checked={allSelected} onChange={(event) => onSelectAll(event.currentTarget.checked)} />
          </span>
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
          <span role="columnheader" data-cell="state">{t('colState')}</span>
        </div>
        <div style={{ height: virtual.totalHeight, position: 'relative' }} role="presentation">
          <div style={{ position: 'absolute', left: 0, right: 0, top: 0, transform: `translateY(${virtual.offsetTop}px)` }} role="rowgroup">
            {rows.slice(virtual.start, virtual.end).map((row) => (
              // `now` only matters to a shelved row: the others keep their props, and an update of
              // another site does not render them again.
              <AlarmLine key={row.id} row={row} t={t} selected={selected.has(row.id)} now={row.shelvedUntil ? now : 0} onOpen={onOpen} onAcknowledge={onAcknowledge} onSelect={onSelect} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
