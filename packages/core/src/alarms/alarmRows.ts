import type { AlarmRow } from '../contract/alarms.js';
import type { Site } from '../contract/controllers.js';
import { alarmClassRank, alarmMarkerColor } from './alarmColors.js';

// Making an Intl.DateTimeFormat costs far more than using one: one per time zone, kept.
const alarmTimeFormats = new Map<string, Intl.DateTimeFormat>();
function alarmTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = alarmTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    alarmTimeFormats.set(key, format);
  }
  return format;
}

/** `DD-MM-YYYY HH:MM` in the given time zone (default: the runtime's). Unparseable input stays as is. */
export function formatAlarmTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = alarmTimeFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}`;
}

/** Columns of the alarm table, in order: class, site, name, last triggered, description, value. */
export const ALARM_TABLE_COLUMNS = ['alarmGroup', 'site', 'tagName', 'active', 'text', 'value'] as const;
export type AlarmTableColumn = (typeof ALARM_TABLE_COLUMNS)[number];

export interface AlarmSort {
  column: AlarmTableColumn;
  direction: 'asc' | 'desc';
}

export interface AlarmRowFilter {
  /** Classes to show; empty or absent = all. */
  classes?: readonly string[];
  /** Site uuids to show; empty or absent = all. */
  sites?: readonly string[];
}

export function filterAlarmRows(rows: readonly AlarmRow[], filter: AlarmRowFilter): AlarmRow[] {
  const classes = filter.classes && filter.classes.length > 0 ? new Set(filter.classes) : null;
  const sites = filter.sites && filter.sites.length > 0 ? new Set(filter.sites) : null;
  return rows.filter((row) => (!classes || classes.has(row.alarmGroup)) && (!sites || sites.has(row.siteUuid)));
}

const collator = new Intl.Collator('nb', { numeric: true, sensitivity: 'base' });

/**
 * A row's `active` time, parsed once per row object (not once per comparison, and not again when a
 * poll re-sorts rows that did not change: an update of one site re-sorts 5,000 rows).
 */
const activeTimes = new WeakMap<AlarmRow, number>();
function activeTime(row: AlarmRow): number {
  let time = activeTimes.get(row);
  if (time === undefined) {
    time = Date.parse(row.active);
    activeTimes.set(row, time);
  }
  return time;
}

/** The order of `sort` (its direction applied): `active` by time, `alarmGroup` by severity, the rest as text. */
export function alarmRowOrder(sort: AlarmSort): (a: AlarmRow, b: AlarmRow) => number {
  const sign = sort.direction === 'asc' ? 1 : -1;
  if (sort.column === 'active') {
    // A time that does not parse sorts as the oldest: the order stays an order (NaN would not).
    const timeOf = (row: AlarmRow) => (Number.isNaN(activeTime(row)) ? -Infinity : activeTime(row));
    return (a, b) => {
      const x = timeOf(a);
      const y = timeOf(b);
      return x === y ? 0 : sign * (x < y ? -1 : 1);
    };
  }
  if (sort.column === 'alarmGroup') {
    return (a, b) => sign * (alarmClassRank(a.alarmGroup) - alarmClassRank(b.alarmGroup) || collator.compare(a.alarmGroup, b.alarmGroup));
  }
  const column = sort.column;
  return (a, b) => sign * collator.compare(a[column], b[column]);
}

/** A stable sort; `active` sorts by time, `alarmGroup` by severity, the rest as text. */
export function sortAlarmRows(rows: readonly AlarmRow[], sort: AlarmSort): AlarmRow[] {
  const compare = alarmRowOrder(sort);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => compare(x.row, y.row) || x.index - y.index)
    .map(({ row }) => row);
}

const CSV_HEADERS: Record<AlarmTableColumn, string> = {
  alarmGroup: 'Class', site: 'Site', tagName: 'Name', active: 'Last triggered', text: 'Description', value: 'Value',
};

function csvCell(text: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet: prefix it with a quote.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Columns the CSV adds after the table's: what an operator's report needs besides what the table shows. */
export const ALARM_CSV_EXTRA_COLUMNS = ['state', 'inactive', 'acknowledgedBy', 'ackComment'] as const;
export type AlarmCsvExtraColumn = (typeof ALARM_CSV_EXTRA_COLUMNS)[number];
const CSV_EXTRA_HEADERS: Record<AlarmCsvExtraColumn, string> = {
  state: 'State', inactive: 'Returned', acknowledgedBy: 'Acknowledged by', ackComment: 'Comment',
};

function defaultStateText(row: AlarmRow): string {
  return `${row.acknowledgedBy ? 'Acknowledged' : 'Unacknowledged'}${row.inactive ? ', returned' : ', active'}`;
}

/**
 * CSV of the rows as shown (header + one line per row, CRLF, times as DD-MM-YYYY HH:MM), then the state,
 * when it returned, who acknowledged it and the comment (issue 26). `headers` replaces the English column
 * titles (pass translated ones), `stateText` the English state (pass the table's words).
 */
export function alarmsToCsv(
  rows: readonly AlarmRow[],
  options: {
    headers?: Partial<Record<AlarmTableColumn | AlarmCsvExtraColumn, string>>;
    timeZone?: string;
    stateText?: (row: AlarmRow) => string;
  } = {},
): string {
  const header = [
    ...ALARM_TABLE_COLUMNS.map((column) => csvCell(options.headers?.[column] ?? CSV_HEADERS[column])),
    ...ALARM_CSV_EXTRA_COLUMNS.map((column) => csvCell(options.headers?.[column] ?? CSV_EXTRA_HEADERS[column])),
  ];
  const stateText = options.stateText ?? defaultStateText;
  const lines = rows.map((row) =>
    [
      ...ALARM_TABLE_COLUMNS.map((column) => (column === 'active' ? formatAlarmTime(row.active, options.timeZone) : row[column])),
      stateText(row),
      row.inactive ? formatAlarmTime(row.inactive, options.timeZone) : '',
      row.acknowledgedBy ?? '',
      row.ackComment ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** A map marker: a site with active alarms, coloured by its most severe class. */
export interface SiteAlarmMarker {
  siteUuid: string;
  name: string;
  hostname: string;
  latitude: number;
  longitude: number;
  alarmGroup: string;
  color: string;
  /** Active alarms at the site. */
  count: number;
  /** Of those, the ones nobody has acknowledged yet. */
  unacknowledged: number;
  /** Name (tag) of the most recently triggered active alarm. */
  latestTag: string;
  latestTime: string;
}

type MarkerSite = Pick<Site, 'uuid' | 'name' | 'hostname' | 'latitude' | 'longitude'>;

/** One site's marker from its rows, or null when none of them is active. */
export function siteAlarmMarker(site: MarkerSite, rows: readonly AlarmRow[]): SiteAlarmMarker | null {
  const active = rows.filter((row) => row.inactive === null && row.siteUuid === site.uuid);
  if (active.length === 0) return null;
  const severest = active.reduce((a, b) => (alarmClassRank(b.alarmGroup) < alarmClassRank(a.alarmGroup) ? b : a));
  const latest = active.reduce((a, b) => (activeTime(b) > activeTime(a) ? b : a));
  return {
    siteUuid: site.uuid,
    name: site.name,
    hostname: site.hostname,
    latitude: site.latitude,
    longitude: site.longitude,
    alarmGroup: severest.alarmGroup,
    color: alarmMarkerColor(severest.alarmGroup),
    count: active.length,
    unacknowledged: active.filter((row) => row.acknowledgedBy === null).length,
    latestTag: latest.tagName,
    latestTime: latest.active,
  };
}

/** Markers for the alarm map: one per site with at least one active alarm, in the order of `sites`. */
export function siteAlarmMarkers(sites: readonly MarkerSite[], rows: readonly AlarmRow[]): SiteAlarmMarker[] {
  const bySite = new Map<string, AlarmRow[]>();
  for (const row of rows) {
    const list = bySite.get(row.siteUuid) ?? [];
    list.push(row);
    bySite.set(row.siteUuid, list);
  }
  return sites.flatMap((site) => siteAlarmMarker(site, bySite.get(site.uuid) ?? []) ?? []);
}

/**
 * siteAlarmMarkers for the alarms store's rows by site, worked out again only for the sites whose rows
 * changed (an answer replaces its site's array; the others keep theirs): an update of one site among
 * 10,000 costs one marker, not a pass over every site and row.
 */
export function createSiteAlarmMarkersSelector(): (sites: readonly MarkerSite[], rowsBySite: Readonly<Record<string, readonly AlarmRow[]>>) => SiteAlarmMarker[] {
  let indexedSites: readonly MarkerSite[] | null = null;
  let indexOf = new Map<string, number>();
  const cache = new WeakMap<readonly AlarmRow[], { site: MarkerSite; marker: SiteAlarmMarker | null }>();
  return (sites, rowsBySite) => {
    if (sites !== indexedSites) {
      indexedSites = sites;
      indexOf = new Map(sites.map((site, index) => [site.uuid, index]));
    }
    const found: [number, SiteAlarmMarker][] = [];
    for (const [uuid, rows] of Object.entries(rowsBySite)) {
      const index = indexOf.get(uuid);
      if (index === undefined) continue;
      const site = sites[index]!;
      let cached = cache.get(rows);
      if (cached?.site !== site) {
        cached = { site, marker: siteAlarmMarker(site, rows) };
        cache.set(rows, cached);
      }
      if (cached.marker) found.push([index, cached.marker]);
    }
    return found.sort((a, b) => a[0] - b[0]).map(([, marker]) => marker);
  };
}

/** The map's start: centred on Norway at zoom 5. */
export const NORWAY_MAP_VIEW = { center: [64.5, 12.5] as [number, number], zoom: 5 };
