import type { AlarmReport } from '../contract/alarms.js';
import { alarmClassColor } from '../alarms/alarmColors.js';

/**
 * How a site's alarm summary is shown (core-shell §4): `none` when latestAlarm is null, `active`
 * when the latest alarm has no inactive time, otherwise `unacked`. `loading` before the first report.
 */
export type AlarmDisplayState = 'loading' | 'none' | 'active' | 'unacked';

export function alarmDisplayState(report: AlarmReport | null | undefined): AlarmDisplayState {
  if (report === undefined || report === null) return 'loading';
  // A cloud that counts the active alarms (the reference cloud): active while any is, as the alarm
  // cards and the map say (issue 37); otherwise the unacknowledged ones that have cleared.
  if (report.active !== undefined) return report.active > 0 ? 'active' : report.unacked > 0 ? 'unacked' : 'none';
  if (report.latestAlarm === null) return 'none';
  return report.latestAlarm.inactive === null || report.latestAlarm.inactive === '' ? 'active' : 'unacked';
}

/** The alarm summary of a row: state, i18n key (namespace `sites`), class and its colour. */
export interface AlarmSummary {
  state: AlarmDisplayState;
  textKey: 'sites:loading' | 'sites:noAlarms' | 'sites:activeAlarm' | 'sites:activeAlarms' | 'sites:unackedAlarms';
  /** For `sites:activeAlarms` and `sites:unackedAlarms` ({{count}}). */
  count: number;
  alarmGroup: string | null;
  /** The class colour; null when there is no alarm. Unknown classes get A's red. */
  color: string | null;
}

export function alarmSummary(report: AlarmReport | null | undefined): AlarmSummary {
  const state = alarmDisplayState(report);
  const counted = report?.active !== undefined;
  const group = (state === 'active' && counted ? report?.activeGroup : null) ?? report?.latestAlarm?.alarm_group ?? null;
  const textKey =
    state === 'loading'
      ? 'sites:loading'
      : state === 'none'
        ? 'sites:noAlarms'
        : state === 'active'
          ? counted ? 'sites:activeAlarms' : 'sites:activeAlarm'
          : 'sites:unackedAlarms';
  return {
    state,
    textKey,
    count: state === 'active' && counted ? report!.active! : report?.unacked ?? 0,
    alarmGroup: group,
    color: state === 'active' || state === 'unacked' ? alarmClassColor(group ?? 'A') : null,
  };
}

export type SiteStatusIconName = 'loading' | 'cloud-off' | 'bell' | 'sync-error';

export interface SiteStatusIcon {
  icon: SiteStatusIconName;
  /** i18n key (namespace `sites`): Online, Offline, "Unavailable. Contact Admin.", Unknown status. */
  tooltipKey: 'sites:loading' | 'sites:online' | 'sites:offline' | 'sites:unavailable' | 'sites:unknownStatus';
  /** Only online sites open. */
  canOpen: boolean;
}

/**
 * The status icon of a site from webpmpReady (core-shell §4): undefined loading; true bell
 * (Online); false cloud-off (Offline); null cloud-off ("Unavailable. Contact Admin."); anything
 * else sync-error (Unknown status).
 */
export function siteStatusIcon(webpmpReady: unknown): SiteStatusIcon {
  if (webpmpReady === undefined) return { icon: 'loading', tooltipKey: 'sites:loading', canOpen: false };
  if (webpmpReady === true) return { icon: 'bell', tooltipKey: 'sites:online', canOpen: true };
  if (webpmpReady === false) return { icon: 'cloud-off', tooltipKey: 'sites:offline', canOpen: false };
  if (webpmpReady === null) return { icon: 'cloud-off', tooltipKey: 'sites:unavailable', canOpen: false };
  return { icon: 'sync-error', tooltipKey: 'sites:unknownStatus', canOpen: false };
}
