/** Whether the alarm rows shown are live, re-evaluated each second and on every answer or socket change. */
import { useEffect, useState } from 'react';
import { alarmStaleness, type AlarmStaleness } from '@varde/core';
import type { SiteFeed } from './siteFeed.js';

const sameStaleness = (a: AlarmStaleness | null, b: AlarmStaleness | null) =>
  a === b || (a !== null && b !== null && a.since === b.since && a.all === b.all && a.sites.join() === b.sites.join());

/**
 * Null while every site that answered is live; otherwise since when and which sites (core's
 * alarmStaleness). Only a change of that re-renders the table, not each tick.
 */
export function useAlarmStaleness(feed: SiteFeed | null): AlarmStaleness | null {
  const [staleness, setStaleness] = useState<AlarmStaleness | null>(null);
  useEffect(() => {
    if (!feed) {
      setStaleness(null);
      return undefined;
    }
    const check = () => {
      const states = new Map(feed.connections().map((connection) => [connection.siteUuid, connection.state]));
      const next = alarmStaleness(feed.alarms.getState(), states, Date.now());
      setStaleness((previous) => (sameStaleness(previous, next) ? previous : next));
    };
    check();
    const timer = setInterval(check, 1000);
    const stopAlarms = feed.alarms.subscribe(check);
    const stopSockets = feed.state.subscribe(check);
    return () => {
      clearInterval(timer);
      stopAlarms();
      stopSockets();
    };
  }, [feed]);
  return staleness;
}
