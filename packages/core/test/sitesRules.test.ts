import { describe, expect, it } from 'vitest';
import {
  alarmClassColor,
  alarmDisplayState,
  alarmMarkerColor,
  alarmSummary,
  alarmsToCsv,
  firstPageSize,
  nextPageSize,
  formatAlarmTime,
  isMobileWidth,
  siteAlarmMarkers,
  createSiteAlarmMarkersSelector,
  siteAlarmCards,
  siteLoginLink,
  siteStatusIcon,
  sortAlarmRows,
  filterAlarmRows,
  type AlarmRow,
} from './support.js';

const report = (inactive: string | null, group = 'B') => ({
  latestAlarm: { active: '2025-01-15T08:00:00.000Z', inactive, alarm_group: group, name: 'RT401' },
  unacked: 2,
});

describe('site alarm display (core-shell §4)', () => {
  it('no alarms, active, unacked, loading', () => {
    expect(alarmDisplayState(undefined)).toBe('loading');
    expect(alarmDisplayState({ latestAlarm: null, unacked: 0 })).toBe('none');
    expect(alarmDisplayState(report(null))).toBe('active');
    expect(alarmDisplayState(report('2025-01-15T09:00:00.000Z'))).toBe('unacked');
  });
  it('class colours, one palette everywhere: A red, B orange, C yellow; unknown classes as C', () => {
    expect(alarmClassColor('A')).toBe('#d32f2f');
    expect(alarmClassColor('B')).toBe('#f57c00');
    expect(alarmClassColor('C')).toBe('#fbc02d');
    // One colour per class everywhere: the map's markers agree with the list.
    for (const group of ['A', 'B', 'C', 'X']) expect(alarmMarkerColor(group)).toBe(alarmClassColor(group));
    expect(alarmClassColor('X')).toBe(alarmClassColor('C'));
    expect(alarmSummary(report(null, 'Z'))).toMatchObject({ state: 'active', color: '#fbc02d', textKey: 'sites:activeAlarm' });
    expect(alarmSummary(report('2025-01-15T09:00:00.000Z'))).toMatchObject({ state: 'unacked', count: 2, textKey: 'sites:unackedAlarms' });
    expect(alarmSummary({ latestAlarm: null, unacked: 0 })).toMatchObject({ color: null, textKey: 'sites:noAlarms' });
  });
  it('map marker colours: A red, B orange, others yellow', () => {
    expect([alarmMarkerColor('A'), alarmMarkerColor('B'), alarmMarkerColor('C'), alarmMarkerColor('Q')]).toEqual([
      '#d32f2f', '#f57c00', '#fbc02d', '#fbc02d',
    ]);
  });
});

describe('site status icon', () => {
  it('maps webpmpReady to icon and tooltip', () => {
    expect(siteStatusIcon(undefined)).toMatchObject({ icon: 'loading', canOpen: false });
    expect(siteStatusIcon(true)).toEqual({ icon: 'bell', tooltipKey: 'sites:online', canOpen: true });
    expect(siteStatusIcon(false)).toMatchObject({ icon: 'cloud-off', tooltipKey: 'sites:offline' });
    expect(siteStatusIcon(null)).toMatchObject({ icon: 'cloud-off', tooltipKey: 'sites:unavailable' });
    expect(siteStatusIcon('yes')).toMatchObject({ icon: 'sync-error', tooltipKey: 'sites:unknownStatus' });
  });
});

describe('site login links', () => {
  const site = { uuid: 'c0ffee00-0000-4000-8000-000000000001', hostname: 'bergen-skole.sites.varde.test', version: '4.0' };
  const login = { loginServerUrl: 'https://login.varde.cloud/' };
  it('4.0: {hostname}/auth/authorize, redir=/mpmp on mobile', () => {
    expect(siteLoginLink(site, { ...login, mobile: false })).toBe('https://bergen-skole.sites.varde.test/auth/authorize');
    expect(siteLoginLink(site, { ...login, mobile: true })).toBe('https://bergen-skole.sites.varde.test/auth/authorize?redir=%2Fmpmp');
  });
  it('older: {login server}/legacy/legacy-ws-login?chainId={uuid}, mobile=true on mobile', () => {
    const old = { ...site, version: '3.2' };
    expect(siteLoginLink(old, { ...login, mobile: false })).toBe(`https://login.varde.cloud/legacy/legacy-ws-login?chainId=${site.uuid}`);
    expect(siteLoginLink(old, { ...login, mobile: true })).toBe(`https://login.varde.cloud/legacy/legacy-ws-login?chainId=${site.uuid}&mobile=true`);
  });
  it('page sizes and mobile width', () => {
    expect(firstPageSize(640)).toBe(10);
    expect(firstPageSize(700)).toBe(11);
    expect(firstPageSize(0)).toBe(10);
    // Later pages double the list, 10 at least and 200 at most.
    expect([nextPageSize(4), nextPageSize(13), nextPageSize(150), nextPageSize(1000)]).toEqual([10, 13, 150, 200]);
    expect(isMobileWidth(960)).toBe(true);
    expect(isMobileWidth(961)).toBe(false);
  });
});

const row = (over: Partial<AlarmRow>): AlarmRow => ({
  id: 'a', alarmGroup: 'A', site: 'Oslo Vannverk', siteUuid: 's1', tagName: 'JP401', active: '2025-01-15T08:05:00.000Z',
  inactive: null, text: 'Pumpefeil', value: 'Feil', acknowledgedBy: null, alarmType: 'limit', ...over,
});

describe('alarm rows', () => {
  it('formats times as DD-MM-YYYY HH:MM', () => {
    expect(formatAlarmTime('2025-01-05T07:03:00.000Z', 'Europe/Oslo')).toBe('05-01-2025 08:03');
    expect(formatAlarmTime('2025-07-31T22:59:00.000Z', 'UTC')).toBe('31-07-2025 22:59');
    expect(formatAlarmTime('nonsense')).toBe('nonsense');
  });
  it('sorts by class severity, time or text; filters by class and site', () => {
    const rows = [row({ id: '1', alarmGroup: 'C' }), row({ id: '2', alarmGroup: 'A', active: '2025-01-15T09:00:00.000Z' }), row({ id: '3', alarmGroup: 'B', siteUuid: 's2', site: 'Bergen' })];
    expect(sortAlarmRows(rows, { column: 'alarmGroup', direction: 'asc' }).map((r) => r.id)).toEqual(['2', '3', '1']);
    expect(sortAlarmRows(rows, { column: 'active', direction: 'desc' }).map((r) => r.id)).toEqual(['2', '1', '3']);
    expect(sortAlarmRows(rows, { column: 'site', direction: 'asc' }).map((r) => r.id)).toEqual(['3', '1', '2']);
    expect(filterAlarmRows(rows, { classes: ['A', 'C'] }).map((r) => r.id)).toEqual(['1', '2']);
    expect(filterAlarmRows(rows, { sites: ['s2'] }).map((r) => r.id)).toEqual(['3']);
  });
  it('CSV of what is shown: quoted where needed, formulas defused', () => {
    const csv = alarmsToCsv([row({ text: 'Høy, "veldig" høy', value: '=1+1' })], { timeZone: 'UTC' });
    expect(csv).toBe(
      'Class,Site,Name,Last triggered,Description,Value,State,Returned,Acknowledged by,Comment\r\n' +
        'A,Oslo Vannverk,JP401,15-01-2025 08:05,"Høy, ""veldig"" høy",\'=1+1,"Unacknowledged, active",,,\r\n',
    );
    // Issue 26, item 8: the state, when it returned, who acknowledged it and the comment are in the export.
    const done = alarmsToCsv([row({ inactive: '2025-01-15T09:00:00.000Z', acknowledgedBy: 'ulla@varde.test', ackComment: 'Pumpe byttet' })], { timeZone: 'UTC', stateText: () => 'Kvittert' });
    expect(done.split('\r\n')[1]!.split(',').slice(-4)).toEqual(['Kvittert', '15-01-2025 09:00', 'ulla@varde.test', 'Pumpe byttet']);
  });
  it('map markers: sites with active alarms, coloured by the most severe class, with the latest tag', () => {
    const sites = [
      { uuid: 's1', name: 'Oslo', hostname: 'o', latitude: 59.9, longitude: 10.7 },
      { uuid: 's2', name: 'Bergen', hostname: 'b', latitude: 60.4, longitude: 5.3 },
      { uuid: 's3', name: 'Bodø', hostname: 'd', latitude: 67.3, longitude: 14.4 },
    ];
    const markers = siteAlarmMarkers(sites, [
      row({ siteUuid: 's1', alarmGroup: 'C', tagName: 'NEW', active: '2025-01-15T10:00:00.000Z' }),
      row({ siteUuid: 's1', alarmGroup: 'B', tagName: 'OLD' }),
      row({ siteUuid: 's2', inactive: '2025-01-15T10:00:00.000Z' }),
      row({ siteUuid: 's3', alarmGroup: 'X' }),
    ]);
    expect(markers).toEqual([
      expect.objectContaining({ siteUuid: 's1', alarmGroup: 'B', color: '#f57c00', count: 2, latestTag: 'NEW' }),
      expect.objectContaining({ siteUuid: 's3', color: '#fbc02d' }),
    ]);
  });
  it('map markers from the store by site: the same markers, worked out again only for sites whose rows changed', () => {
    const sites = [
      { uuid: 's1', name: 'Oslo', hostname: 'o', latitude: 59.9, longitude: 10.7 },
      { uuid: 's2', name: 'Bergen', hostname: 'b', latitude: 60.4, longitude: 5.3 },
      { uuid: 's3', name: 'Bodø', hostname: 'd', latitude: 67.3, longitude: 14.4 },
    ];
    const first = {
      s3: [row({ siteUuid: 's3', alarmGroup: 'A', tagName: 'T3' })],
      s1: [row({ siteUuid: 's1', alarmGroup: 'C', tagName: 'T1' })],
      s2: [row({ siteUuid: 's2', inactive: '2025-01-15T10:00:00.000Z' })],
      gone: [row({ siteUuid: 'gone' })],
    };
    const select = createSiteAlarmMarkersSelector();
    const markers = select(sites, first);
    expect(markers).toEqual(siteAlarmMarkers(sites, Object.values(first).flat()));
    expect(markers.map((marker) => marker.siteUuid)).toEqual(['s1', 's3']); // the sites' order

    const second = { ...first, s1: [row({ siteUuid: 's1', alarmGroup: 'B', tagName: 'T1b' })] };
    const next = select(sites, second);
    expect(next).toEqual(siteAlarmMarkers(sites, Object.values(second).flat()));
    expect(next[1]).toBe(markers[1]); // s3's rows did not change: its marker is kept
    expect(next[0]).not.toBe(markers[0]);

    const renamed = sites.map((site) => (site.uuid === 's3' ? { ...site, name: 'Bodø Rådhus' } : site));
    expect(select(renamed, second)[1]).toMatchObject({ siteUuid: 's3', name: 'Bodø Rådhus' });
  });
});

describe('per-site alarm cards', () => {
  it('one card per site, active first by class, excluded sites left out', () => {
    const cards = siteAlarmCards(
      [
        row({ siteUuid: 's1', site: 'Oslo', alarmGroup: 'C', tagName: 'T1' }),
        row({ siteUuid: 's1', site: 'Oslo', alarmGroup: 'B', tagName: 'T2', active: '2025-01-15T09:00:00.000Z' }),
        row({ siteUuid: 's2', site: 'Bergen', alarmGroup: 'A', inactive: '2025-01-15T10:00:00.000Z' }),
        row({ siteUuid: 's3', site: 'Kunde', alarmGroup: 'A' }),
        row({ siteUuid: 's4', site: 'Bodø', alarmGroup: 'A', tagName: 'T4' }),
      ],
      { excludeSiteUuids: ['s3'] },
    );
    expect(cards.map((card) => [card.siteUuid, card.active, card.alarmGroup, card.latestTag])).toEqual([
      ['s4', 1, 'A', 'T4'],
      ['s1', 2, 'B', 'T2'],
      ['s2', 0, 'A', 'JP401'],
    ]);
  });
});
