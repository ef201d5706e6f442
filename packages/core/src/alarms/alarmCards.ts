import type { AlarmRow } from '../contract/alarms.js';
import { alarmClassColor, alarmClassRank } from './alarmColors.js';

/** A site's alarm data for the per-site alarm cards (admin spec: active count, latest tag, class, time). */
export interface SiteAlarmCard {
  siteUuid: string;
  site: string;
  /** Active alarms at the site. */
  active: number;
  /** Tag of the most recently triggered alarm (active or not). */
  latestTag: string;
  /** Most severe class among the active alarms, else the latest alarm's. */
  alarmGroup: string;
  color: string;
  /** When the latest alarm was triggered (ISO 8601). */
  time: string;
}

/**
 * One card per site that has rows, sites with active alarms first (most severe class, then most
 * recent). `excludeSiteUuids`: sites never shown as cards (the spec excludes one customer's site;
 * which one is configuration).
 */
export function siteAlarmCards(rows: readonly AlarmRow[], options: { excludeSiteUuids?: readonly string[] } = {}): SiteAlarmCard[] {
  const excluded = new Set(options.excludeSiteUuids ?? []);
  const bySite = new Map<string, AlarmRow[]>();
  for (const row of rows) {
    if (excluded.has(row.siteUuid)) continue;
    const list = bySite.get(row.siteUuid) ?? [];
    list.push(row);
    bySite.set(row.siteUuid, list);
  }
  const cards: SiteAlarmCard[] = [];
  for (const [siteUuid, list] of bySite) {
    const latest = list.reduce((a, b) => (Date.parse(b.active) > Date.parse(a.active) ? b : a));
    const active = list.filter((row) => row.inactive === null);
    const severest = active.length > 0 ? active.reduce((a, b) => (alarmClassRank(b.alarmGroup) < alarmClassRank(a.alarmGroup) ? b : a)) : latest;
    cards.push({
      siteUuid,
      site: latest.site,
      active: active.length,
      latestTag: latest.tagName,
      alarmGroup: severest.alarmGroup,
      color: alarmClassColor(severest.alarmGroup),
      time: latest.active,
    });
  }
  return cards.sort(
    (a, b) =>
      Number(b.active > 0) - Number(a.active > 0) ||
      alarmClassRank(a.alarmGroup) - alarmClassRank(b.alarmGroup) ||
      Date.parse(b.time) - Date.parse(a.time),
  );
}
