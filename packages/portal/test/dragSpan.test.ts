import { describe, expect, it } from 'vitest';
import { HALF_HOUR_MS, HOUR_MS, instantAt, snappedSpan, snapStepMs } from '../src/pages/onCall/dragSpan.js';
import { moved, scheduleDraftOf, scheduleInputOf, fieldProblemsOf } from '../src/pages/onCall/scheduleDraft.js';
import { HttpError } from '@varde/core';

/** The on-call page's pure helpers: the span a drag on the 14-day bar picks, and the schedule editor's draft. */
const DAY = 86_400_000;
const start = Date.parse('2026-11-29T04:06:40Z');
const windowMs = 14 * DAY;

describe('a span dragged on the timeline', () => {
  it('snaps to half hours on a wide bar and to hours on a narrow one', () => {
    expect(snapStepMs(14 * 24 * 8, windowMs)).toBe(HALF_HOUR_MS);
    expect(snapStepMs(900, windowMs)).toBe(HOUR_MS);
  });

  it('rounds both ends to the nearest step, whichever way the drag went', () => {
    const a = Date.parse('2026-11-30T10:14:00Z');
    const b = Date.parse('2026-11-30T13:50:00Z');
    const span = { from: Date.parse('2026-11-30T10:00:00Z'), to: Date.parse('2026-11-30T14:00:00Z') };
    expect(snappedSpan(a, b, start, windowMs, HOUR_MS)).toEqual(span);
    expect(snappedSpan(b, a, start, windowMs, HOUR_MS)).toEqual(span);
    expect(snappedSpan(a, b, start, windowMs, HALF_HOUR_MS)).toEqual({ from: Date.parse('2026-11-30T10:00:00Z'), to: Date.parse('2026-11-30T14:00:00Z') });
    expect(snappedSpan(a + 2 * 60_000, b - 25 * 60_000, start, windowMs, HALF_HOUR_MS)).toEqual({ from: Date.parse('2026-11-30T10:30:00Z'), to: Date.parse('2026-11-30T13:30:00Z') });
  });

  it('is at least one step long and stays inside the window', () => {
    const a = Date.parse('2026-12-01T08:05:00Z');
    expect(snappedSpan(a, a, start, windowMs, HOUR_MS)).toEqual({ from: Date.parse('2026-12-01T08:00:00Z'), to: Date.parse('2026-12-01T09:00:00Z') });
    // Before the window's start: the first whole hour in it.
    expect(snappedSpan(start - DAY, start + 90 * 60_000, start, windowMs, HOUR_MS)).toEqual({ from: Date.parse('2026-11-29T05:00:00Z'), to: Date.parse('2026-11-29T06:00:00Z') });
    // At its end: the last whole hour, one step long.
    const end = start + windowMs;
    expect(snappedSpan(end, end + DAY, start, windowMs, HOUR_MS)).toEqual({ from: Date.parse('2026-12-13T03:00:00Z'), to: Date.parse('2026-12-13T04:00:00Z') });
  });

  it('lands on the browser clock’s half hours in a zone offset by 5:30', () => {
    const offset = 5.5 * HOUR_MS;
    const span = snappedSpan(Date.parse('2026-11-30T10:10:00Z'), Date.parse('2026-11-30T11:40:00Z'), start, windowMs, HOUR_MS, offset);
    // 15:40 and 17:10 on the clock → 16:00 and 17:00 there.
    expect(span).toEqual({ from: Date.parse('2026-11-30T10:30:00Z'), to: Date.parse('2026-11-30T11:30:00Z') });
  });

  it('reads a place on the bar as an instant, clamped to the bar', () => {
    expect(instantAt(0.5, start, windowMs)).toBe(start + 7 * DAY);
    expect(instantAt(-0.2, start, windowMs)).toBe(start);
    expect(instantAt(1.3, start, windowMs)).toBe(start + windowMs);
  });
});

describe('the schedule editor’s draft', () => {
  const schedule = {
    id: 's1', name: 'Nights', timeZone: 'Europe/Oslo', sites: ['site-1'], updatedAt: '2026-11-29T00:00:00Z',
    layers: [
      { users: ['a@x.test', 'b@x.test'], start: '2026-01-05T08:00', rotation: 'weekly' },
      { users: ['c@x.test'], start: '2026-01-05T16:00', rotation: 'FREQ=WEEKLY;BYDAY=MO', endTime: '08:00' },
    ],
    overrides: [{ user: 'b@x.test', from: '2026-12-01T08:00:00.000Z', to: '2026-12-01T10:00:00.000Z' }],
  };

  it('gives back the schedule it was made from, sites and overrides unchanged', () => {
    const { id: _id, updatedAt: _updatedAt, ...input } = schedule;
    expect(scheduleInputOf(scheduleDraftOf(schedule))).toEqual(input);
  });

  it('moves a person up and down, never out of the list', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('reads each field problem of a 400, joining two of one field', () => {
    const body = { detail: 'x', problems: [{ field: 'layers.1.rotation', detail: 'never occurs' }, { field: 'name', detail: 'too long' }, { field: 'name', detail: 'empty' }] };
    expect([...fieldProblemsOf(new HttpError(400, 'Bad Request', 'x', body))]).toEqual([['layers.1.rotation', 'never occurs'], ['name', 'too long; empty']]);
    expect(fieldProblemsOf(new HttpError(500, 'Server Error', 'x', body)).size).toBe(0);
    expect(fieldProblemsOf(new Error('offline')).size).toBe(0);
  });
});
