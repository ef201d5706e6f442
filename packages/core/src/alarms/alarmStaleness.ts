import type { ProxyConnectionState } from '../controllerProxy/siteProxyConnection.js';
import { ALARM_POLL_MS } from './alarmPoller.js';
import type { AlarmsState } from './alarmsStore.js';

/** A site that has not answered for this long (two polls and a second) shows rows that are no longer live. */
export const ALARMS_STALE_AFTER_MS = 2 * ALARM_POLL_MS + 1000;

export interface AlarmStaleness {
  /** When the oldest of the stale sites last answered: the age of the oldest rows shown. */
  since: number;
  /** The sites whose rows are not live now. */
  sites: string[];
  /** Every site that had answered has stopped: the cloud (or the network) is gone, not one site. */
  all: boolean;
}

/**
 * Whether the alarm rows shown are still live. A site that answered before is stale while its socket is
 * not logged in (the cloud or its proxy dropped it), while its last request failed, or when it has not
 * answered for ALARMS_STALE_AFTER_MS. Null when every site that answered is live.
 */
export function alarmStaleness(
  state: Pick<AlarmsState, 'answeredAtBySite' | 'errorsBySite'>,
  connectionStates: ReadonlyMap<string, ProxyConnectionState>,
  now: number,
): AlarmStaleness | null {
  const answered = Object.entries(state.answeredAtBySite);
  const stale = answered.filter(([site, at]) => {
    const connection = connectionStates.get(site);
    return (connection !== undefined && connection !== 'logged-in') || site in state.errorsBySite || now - at > ALARMS_STALE_AFTER_MS;
  });
  if (stale.length === 0) return null;
  return { since: Math.min(...stale.map(([, at]) => at)), sites: stale.map(([site]) => site), all: stale.length === answered.length };
}
