import { expect, it } from 'vitest';
import type { AlarmRow } from '@varde/core/contract';
import { rowInState } from '../../src/alarmTable/alarmState.js';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const base: AlarmRow = {
  id: 'a', alarmGroup: 'A', site: 'Oslo', siteUuid: 's', tagName: 'RT401', active: '2026-11-25T07:00:00Z', inactive: null,
  text: '', value: '', acknowledgedBy: null, alarmType: 'limit',
};
const shelvedUntil = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

it('hides shelved alarms from every state but "shelved", and shows them again once the shelving has ended', () => {
  const shelved = { ...base, shelvedUntil: shelvedUntil(30) };
  expect(['', 'unacked', 'active'].map((state) => rowInState(shelved, state as '', NOW))).toEqual([false, false, false]);
  expect(rowInState(shelved, 'shelved', NOW)).toBe(true);
  const ended = { ...base, shelvedUntil: shelvedUntil(-1) };
  expect([rowInState(ended, '', NOW), rowInState(ended, 'shelved', NOW)]).toEqual([true, false]);
});

it('filters by acknowledgement and by condition', () => {
  const acked = { ...base, acknowledgedBy: 'user@varde.test' };
  const cleared = { ...base, inactive: '2026-11-25T07:30:00Z' };
  expect([rowInState(base, 'unacked', NOW), rowInState(acked, 'unacked', NOW), rowInState(acked, 'acked', NOW)]).toEqual([true, false, true]);
  expect([rowInState(base, 'active', NOW), rowInState(cleared, 'active', NOW), rowInState(cleared, 'cleared', NOW)]).toEqual([true, false, true]);
});
