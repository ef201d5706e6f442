/**
 * AlarmTableWidget (<varde-alarm-table>): the alarms of every connected site (alarm_getUpdate when
 * the proxy pushes a change, and every 3 s as the fallback), with class, site, name, last triggered,
 * description, value and state; sorting, filtering by class, site and state, a search (all in the
 * browser, over the rows the cards and the map read too), CSV export of exactly the rows shown, and the
 * operator's actions: a row opens the alarm (acknowledge with a comment, clear, shelve, history), K
 * acknowledges the focused row; selected rows are acknowledged together. Focus goes into the dialog when
 * it opens and back to what opened it when it closes.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ALARM_CLASS_COLORS,
  alarmsToCsv,
  createVisibleAlarmsSelector,
  DEFAULT_ALARM_SORT,
  type AlarmSort,
  type AlarmTableColumn,
  type AlarmsState,
} from '@varde/core';
import { ALARM_STATE_FILTERS, type AlarmRow } from '@varde/core/contract';
import { emitVardeEvent, useVardeEvents } from '../shared/events.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import '../shared/shoelaceElements.js';
import { Icon } from '../siteList/icons.js';
import { AlarmRows, COLUMN_LABEL_KEYS } from './AlarmRows.js';
import { rowInState, stateText, type TableStateFilter } from './alarmState.js';
import { rowMatchesSearch } from './alarmSearch.js';
import { useDialogFocusReturn } from './useDialogFocusReturn.js';
import { filteredEmptyStrings } from '../shared/filteredEmptyStrings.js';
import { alarmCsvFileName, downloadText } from './csvDownload.js';
import type { NavigateDetail } from './events.js';
import { NavLink } from './NavLink.js';
import { loadAlarmTableShoelaceParts } from './shoelace.js';
import { alarmTableStrings } from './strings.js';
import { alarmTableStyles } from './styles.js';
import { useAlarmActions } from './useAlarmActions.js';
import { useAnySiteConnecting, useSiteFeed } from './useSiteFeed.js';
import { useFeedState } from './FeedState.js';
import { useStoreState } from '../shared/useStoreState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';

export interface AlarmTableWidgetProps {
  /** Where the "Show on map" link goes (none without it). */
  mapHref?: string | undefined;
  /** The host's page for one site (`{uuid}` replaced; the portal: `/sites/{uuid}`): an alarm's dialog links there. */
  siteHref?: string | undefined;
  /** A site's uuid: the table opens filtered to that site (a site page's "All alarms"); the filter stays changeable. */
  site?: string | undefined;
  /** React callers: `varde-navigate`'s detail; return false to route yourself. */
  onNavigate?: ((detail: NavigateDetail) => boolean | void) | undefined;
}

const CLASSES = Object.keys(ALARM_CLASS_COLORS);
// The alarm dialog loads when an alarm is first opened: the table's page stays within its weight.
const AlarmDetails = lazy(() => import('./AlarmDetails.js').then((module) => ({ default: module.AlarmDetails })));
const noRows: readonly AlarmRow[] = [];
// One collator for every update's sort of site names (localeCompare with a locale makes one per call).
const byName = new Intl.Collator('nb');
const allRowsOf = (state: AlarmsState) => state.rowsBySite;
const errorsOf = (state: AlarmsState) => Object.values(state.errorsBySite).join('\n');
// Compared by value (a string): the uuids of the sites that did not answer.
const failedUuidsOf = (state: AlarmsState) => Object.keys(state.errorsBySite).sort().join(',');

/** Sends the search text to the sites once the user stops typing for 300 ms. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function AlarmTableWidget(props: AlarmTableWidgetProps) {
  const { t, language } = useWidgetTranslation(alarmTableStrings);
  const { rootRef } = useVardeEvents();
  useShoelaceParts(loadAlarmTableShoelaceParts);
  const { feed, state: feedState } = useSiteFeed({ alarms: true });
  const connecting = useAnySiteConnecting(feed);
  const store = feed?.alarms ?? null;

  const select = useMemo(() => createVisibleAlarmsSelector(), [store]);
  const visibleRows = useStoreState(store, select, noRows as AlarmRow[]);
  const [stateFilter, setStateFilter] = useState<TableStateFilter>('');
  // Shelving ends by itself: the state is worked out again on every render, and a render is due
  // when the next shelving ends (nothing else may change then).
  // `now` moves when the rows change or a shelving ends, not on every render: the filter below then
  // runs over 5,000 rows only when something it reads has changed.
  const [tick, setTick] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const now = useMemo(() => Date.now(), [visibleRows, tick]);
  useEffect(() => {
    let next = Infinity;
    for (const row of visibleRows) {
      const end = row.shelvedUntil ? Date.parse(row.shelvedUntil) : Infinity;
      if (end > now && end < next) next = end;
    }
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setTick((value) => value + 1), Math.min(Math.max(0, next - Date.now()) + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [visibleRows, now]);
  const [search, setSearch] = useState('');
  const settledSearch = useDebounced(search.trim(), 300);
  const rows = useMemo(
    () => visibleRows.filter((row) => rowInState(row, stateFilter, now) && rowMatchesSearch(row, settledSearch)),
    [visibleRows, stateFilter, now, settledSearch],
  );
  const rowsBySite = useStoreState(store, allRowsOf, {});
  const filter = useStoreState(store, (state) => state.filter, {});
  const sort = useStoreState(store, (state) => state.sort, DEFAULT_ALARM_SORT);
  // Strings, compared by value: every site answer makes a new errorsBySite object, and the table
  // must not re-render for each of them.
  const errorText = useStoreState(store, errorsOf, '');
  const failedUuids = useStoreState(store, failedUuidsOf, '');
  const siteNames = useMemo(() => new Map(feedState.sites.map((site) => [site.uuid, site.name])), [feedState.sites]);
  const failedNames = useMemo(() => {
    if (failedUuids === '') return [];
    return failedUuids.split(',').map((uuid) => siteNames.get(uuid) ?? uuid).sort(byName.compare);
  }, [failedUuids, siteNames]);
  const total = useMemo(() => Object.values(rowsBySite).reduce((sum, list) => sum + list.length, 0), [rowsBySite]);
  // What the search hides, said with the search (issue 37, item 2): active alarms, or every alarm the filters hide.
  const activeTotal = useMemo(() => Object.values(rowsBySite).reduce((sum, list) => sum + list.filter((row) => row.inactive === null).length, 0), [rowsBySite]);
  const activeSites = useMemo(() => Object.values(rowsBySite).filter((list) => list.some((row) => row.inactive === null)).length, [rowsBySite]);
  const polled = Object.keys(rowsBySite).length > 0;
  const filtered = useWidgetTranslation(filteredEmptyStrings).t;
  const emptyText =
    total === 0
      ? t('noAlarms')
      : settledSearch !== ''
        ? filtered('alarmsSearch', { search: settledSearch, count: activeTotal })
        : filtered('alarmsFilter', { count: total });
  // Signed out, failed, connecting, empty; and rows the cloud or a site no longer confirms are not shown as live (issue 26, item 4).
  const { notice: stateNotice, stale, staleness } = useFeedState({
    feed,
    state: feedState,
    polled,
    connecting,
    empty: rows.length === 0,
    emptyText,
    signedOutText: t('signedOut'),
    rootRef,
  });

  const actions = useAlarmActions(feed);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [openIds, setOpenIds] = useState<readonly string[]>([]);
  const onSelect = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const onSelectAll = (on: boolean) => setSelected(on ? new Set(rows.map((row) => row.id)) : new Set());
  const focusReturn = useDialogFocusReturn(rootRef);
  const onOpen = useCallback(
    (id: string) => {
      focusReturn.openedFrom({ row: id });
      setOpenIds([id]);
    },
    [focusReturn],
  );
  // The dialog shows the rows as they are now (a push or poll replaces them).
  const openRows = useMemo(() => {
    if (openIds.length === 0) return noRows; // no dialog: no pass over every row on each update
    const byId = new Map(Object.values(rowsBySite).flat().map((row) => [row.id, row]));
    return openIds.map((id) => byId.get(id)).filter((row): row is AlarmRow => row !== undefined);
  }, [openIds, rowsBySite]);
  const selectedShown = rows.filter((row) => selected.has(row.id));
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), 6000);
    return () => clearTimeout(timer);
  }, [notice]);
  // A bulk acknowledgement done: the dialog closes, the selection is let go, the summary says so.
  const onBulkDone = (count: number) => {
    // The bulk button is disabled once the selection is let go: focus goes to the first acknowledged row.
    focusReturn.openedFrom({ row: openIds[0] ?? '' });
    setSelected(new Set());
    setOpenIds([]);
    setNotice(t('bulkDone', { count }));
  };
  // Cancelled (Escape, Close): the selection stays, and so does the bulk button focus returns to.
  const closeDialog = () => setOpenIds([]);
  useEffect(() => {
    if (openIds.length === 0) focusReturn.restore();
  }, [openIds, focusReturn]);

  // K on a focused row acknowledges it without the dialog (no comment); the summary says which.
  const onAcknowledgeKey = useCallback(
    (row: AlarmRow) => {
      if (row.acknowledgedBy !== null || actions.busy) return;
      void actions.acknowledge([row.id], '').then((ok) => setNotice(ok ? t('acknowledgedOne', { name: `${row.site} ${row.tagName}` }) : t('actionFailed', { message: actions.lastError() ?? '' })));
    },
    [actions, t],
  );

  // The site filter offers the sites with alarms (by name), and the chosen one while it has none:
  // a site without alarms would only filter to an empty table.
  const chosenSite = filter.sites?.[0];
  const siteOptions = useMemo(
    () =>
      Object.entries(rowsBySite)
        .flatMap(([uuid, siteRows]): [string, string][] =>
          siteNames.has(uuid) && (siteRows.length > 0 || uuid === chosenSite) ? [[uuid, siteNames.get(uuid)!]] : [],
        )
        .sort((a, b) => byName.compare(a[1], b[1])),
    [siteNames, rowsBySite, chosenSite],
  );

  const toggleClass = (alarmClass: string) => {
    if (!store) return;
    const current = filter.classes ?? [];
    const classes = current.includes(alarmClass) ? current.filter((item) => item !== alarmClass) : [...current, alarmClass];
    store.getState().setFilter({ ...filter, classes });
  };
  // Opened for one site (a site page's "All alarms"): that site is chosen in the site filter.
  useEffect(() => {
    if (!store || !props.site) return;
    store.getState().setFilter({ ...store.getState().filter, sites: [props.site] });
  }, [store, props.site]);
  const setSite = (uuid: string) => store?.getState().setFilter({ ...filter, sites: uuid ? [uuid] : [] });
  const onSort = (column: AlarmTableColumn) => {
    const direction: AlarmSort['direction'] = sort.column === column && sort.direction === 'asc' ? 'desc' : 'asc';
    store?.getState().setSort({ column, direction });
  };
  const clearFilters = () => {
    setSearch('');
    setStateFilter('');
    store?.getState().setFilter({});
  };
  const exportCsv = () => {
    if (!rootRef.current) return;
    const headers = {
      ...Object.fromEntries(Object.entries(COLUMN_LABEL_KEYS).map(([column, key]) => [column, t(key)])),
      state: t('colState'),
      inactive: t('csvReturned'),
      acknowledgedBy: t('csvAcknowledgedBy'),
      ackComment: t('ackComment'),
    };
    const at = Date.now();
    downloadText(rootRef.current, alarmCsvFileName(), alarmsToCsv(rows, { headers, stateText: (row) => stateText(row, t, at) }));
  };

  return (
    <WidgetRoot styles={`${alarmTableStyles}\n${widgetStateStyles}`} className="varde-alarm-table" rootRef={rootRef} lang={language}>
      <div className="varde-alarm-table__toolbar" part="toolbar">
        <span className="varde-alarm-table__group" role="group" aria-label={t('classFilter')}>
          <span className="varde-alarm-table__label">{t('classFilter')}:</span>
          {CLASSES.map((alarmClass) => (
            <button
              key={alarmClass}
              type="button"
              className="varde-alarm-table__chip"
              part="class-filter"
              data-class={alarmClass}
              aria-pressed={(filter.classes ?? []).includes(alarmClass)}
              onClick={() => toggleClass(alarmClass)}
            >
              <span className="varde-alarm-table__class" style={{ background: ALARM_CLASS_COLORS[alarmClass as keyof typeof ALARM_CLASS_COLORS], minWidth: '0.75rem', height: '0.75rem' }} />
              {alarmClass}
            </button>
          ))}
        </span>
        <label className="varde-alarm-table__group">
          <span className="varde-alarm-table__label">{t('siteFilter')}:</span>
          <select className="varde-alarm-table__select" part="site-filter" value={filter.sites?.[0] ?? ''} onChange={(event) => setSite(event.currentTarget.value)}>
            <option value="">{t('allSites')}</option>
            {siteOptions.map(([uuid, name]) => (
              <option key={uuid} value={uuid}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <input
          className="varde-alarm-table__search"
          part="search"
          type="search"
          maxLength={200}
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <label className="varde-alarm-table__group">
          <span className="varde-alarm-table__label">{t('stateFilter')}:</span>
          <select
            className="varde-alarm-table__select"
            part="state-filter"
            value={stateFilter}
            onChange={(event) => setStateFilter(event.currentTarget.value as TableStateFilter)}
          >
            <option value="">{t('state_all')}</option>
            {ALARM_STATE_FILTERS.map((state) => (
              <option key={state} value={state}>
                {t(`state_${state}`)}
              </option>
            ))}
          </select>
        </label>
        <span className="varde-alarm-table__spacer" />
        <sl-button
          size="small"
          variant="primary"
          part="bulk-acknowledge"
          disabled={selectedShown.length === 0}
          onClick={() => {
            focusReturn.openedFrom({ bulk: true });
            setOpenIds(selectedShown.map((row) => row.id));
          }}
        >
          {t('acknowledgeSelected', { count: selectedShown.length })}
        </sl-button>
        <sl-button size="small" part="export-button" disabled={rows.length === 0} onClick={exportCsv}>
          <Icon name="download" />
          {` ${t('exportCsv')}`}
        </sl-button>
        {props.mapHref ? (
          <NavLink href={props.mapHref} rootRef={rootRef} onNavigate={props.onNavigate} className="varde-alarm-table__link" part="map-link">
            <Icon name="map" />
            {t('showMap')}
          </NavLink>
        ) : null}
      </div>
      <div className="varde-alarm-table__summary" part="summary" aria-live="polite">
        <span data-testid="alarm-count">{t('count', { shown: rows.length, total })}</span>
        <span data-testid="active-site-count" data-count={activeSites}>{t('activeSites', { count: activeSites })}</span>
        {notice ? <span data-testid="alarm-notice">{notice}</span> : null}
        {failedNames.length > 0 ? (
          <span className="varde-alarm-table__warning" title={errorText} data-testid="sites-failed">
            {t('sitesFailed', { count: failedNames.length, names: failedNames.join(', ') })}
          </span>
        ) : null}
      </div>
      {stale}
      {rows.length > 0 ? (
        <p className="varde-alarm-table__keys" part="keys">
          {t('keyboardHint')}
        </p>
      ) : null}
      {stateNotice && rows.length === 0 && total > 0 ? (
        <div className="varde-alarm-table__filtered" data-testid="filtered-empty">
          {stateNotice}
          <button type="button" className="varde-alarm-table__clear-filter" part="clear-filters" onClick={clearFilters}>
            {settledSearch !== '' ? filtered('clearSearch') : filtered('clearFilters')}
          </button>
        </div>
      ) : stateNotice ?? (
        <AlarmRows
          stale={staleness !== null}
          rows={rows}
          sort={sort}
          onSort={onSort}
          t={t}
          selected={selected}
          onSelect={onSelect}
          onSelectAll={onSelectAll}
          onOpen={onOpen}
          onAcknowledge={onAcknowledgeKey}
          now={now}
        />
      )}
      {openRows.length > 0 ? (
        <Suspense fallback={null}>
          <AlarmDetails
            rows={openRows}
            t={t}
            actions={actions}
            onClose={closeDialog}
            onBulkDone={onBulkDone}
            siteLink={
              props.siteHref
                ? {
                    href: props.siteHref,
                    open: (href, event) => {
                      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                      const detail = { href };
                      const allowed = emitVardeEvent(rootRef.current, 'varde-navigate', detail, { cancelable: true });
                      if (!allowed || props.onNavigate?.(detail) === false) event.preventDefault();
                    },
                  }
                : undefined
            }
          />
        </Suspense>
      ) : null}
    </WidgetRoot>
  );
}
