import { describe, expect, it } from 'vitest';
import { alarmDisplayState, alarmSummary } from '../src/index.js';

/** Issue 37: with the cloud's active count, a site's badge counts what the alarm cards and the map count. */
const latest = (inactive: string | null) => ({ active: '2025-01-15T08:00:00.000Z', inactive, alarm_group: 'C', name: 'RT401' });

describe('site alarm badge with an active count', () => {
  it('an acknowledged active alarm keeps the site active, in its most severe active class, with the count', () => {
    // The latest alarm has cleared and nothing is unacknowledged, but an older one is still active.
    const report = { latestAlarm: latest('2025-01-15T09:00:00.000Z'), unacked: 0, active: 1, activeGroup: 'A' };
    expect(alarmDisplayState(report)).toBe('active');
    expect(alarmSummary(report)).toMatchObject({ state: 'active', textKey: 'sites:activeAlarms', count: 1, alarmGroup: 'A', color: '#d32f2f' });
  });
  it('no active alarm: the unacknowledged cleared ones, or none', () => {
    expect(alarmSummary({ latestAlarm: latest('2025-01-15T09:00:00.000Z'), unacked: 2, active: 0, activeGroup: null })).toMatchObject({ state: 'unacked', count: 2, textKey: 'sites:unackedAlarms' });
    // The latest alarm is active by its own record, yet the count says none is (cleared since): the count wins.
    expect(alarmDisplayState({ latestAlarm: latest(null), unacked: 0, active: 0, activeGroup: null })).toBe('none');
  });
});
