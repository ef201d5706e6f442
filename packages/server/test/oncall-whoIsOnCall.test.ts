import { describe, expect, it } from 'vitest';
import { backupAt, onCallAt, onCallBetween } from '../src/oncall/whoIsOnCall.js';
import { rotationProblem, type Layer } from '../src/oncall/recurrence.js';
import { rotationOccurrenceProblem } from '../src/oncall/rotationOccurs.js';
import type { Override, Schedule } from '../src/oncall/schedule.js';

// "Who is on call" in Europe/Oslo across both daylight-saving nights of 2026 (29 Mar: 02:00 -> 03:00;
// 25 Oct: 03:00 -> 02:00) and across hand-offs. Instants are written in UTC so that nothing here
// depends on the library under test to know where an hour went.
const at = (iso: string) => Date.parse(iso);
const schedule = (layers: Layer[], overrides: Override[] = []): Schedule => ({
  id: 's', partner: 'p', name: 'Rota', timeZone: 'Europe/Oslo', sites: null, layers, overrides, createdAt: 0, updatedAt: 0,
});
const who = (s: Schedule, iso: string) => onCallAt(s, at(iso))?.userUid ?? null;

describe('a weekly rotation', () => {
  const weekly = schedule([{ users: ['ada', 'bo'], start: '2026-03-23T08:00', rotation: 'weekly' }]);

  it('hands off at 08:00 Oslo time on the Monday after the spring-forward night (06:00 UTC, not 07:00)', () => {
    expect(who(weekly, '2026-03-29T01:30:00Z')).toBe('ada'); // 03:30 CEST, just after the clocks went forward
    expect(who(weekly, '2026-03-30T05:59:59Z')).toBe('ada');
    expect(who(weekly, '2026-03-30T06:00:00Z')).toBe('bo');
    expect(onCallAt(weekly, at('2026-03-30T06:00:00Z'))).toMatchObject({ from: at('2026-03-30T06:00:00Z'), until: at('2026-04-06T06:00:00Z'), source: 'layer', layer: 0 });
  });

  it('hands off at 08:00 Oslo time on the Monday after the fall-back night (07:00 UTC)', () => {
    // 2026-10-19 is a Monday: 30 weeks after the start, so ada's turn; bo takes over on 26 Oct.
    expect(who(weekly, '2026-10-25T00:30:00Z')).toBe('ada'); // 02:30 CEST, the first of the two
    expect(who(weekly, '2026-10-25T01:30:00Z')).toBe('ada'); // 02:30 CET, the second
    expect(who(weekly, '2026-10-26T06:59:59Z')).toBe('ada');
    expect(who(weekly, '2026-10-26T07:00:00Z')).toBe('bo');
  });

  it('puts nobody on call before the first hand-off', () => {
    expect(onCallAt(weekly, at('2026-03-23T06:59:59Z'))).toBeNull();
    expect(who(weekly, '2026-03-23T07:00:00Z')).toBe('ada');
  });
});

describe('a daily hand-off at a wall time a DST night skips or repeats', () => {
  const daily = schedule([{ users: ['ada', 'bo', 'cy'], start: '2026-03-27T02:30', rotation: 'daily' }]);

  it('on 29 Mar (02:30 does not exist) hands off when the clock reaches 03:30 CEST', () => {
    // 27th: ada, 28th: bo, 29th: cy.
    expect(who(daily, '2026-03-29T00:59:59Z')).toBe('bo'); // 01:59:59 CET
    expect(who(daily, '2026-03-29T01:29:59Z')).toBe('bo'); // 03:29:59 CEST
    expect(who(daily, '2026-03-29T01:30:00Z')).toBe('cy'); // 03:30 CEST
    expect(who(daily, '2026-03-30T00:30:00Z')).toBe('ada'); // 02:30 CEST the next night
  });

  it('on 25 Oct (02:30 happens twice) hands off at the second 02:30', () => {
    const october = schedule([{ users: ['ada', 'bo'], start: '2026-10-24T02:30', rotation: 'daily' }]);
    expect(who(october, '2026-10-25T00:30:00Z')).toBe('ada'); // the first 02:30 (CEST)
    expect(who(october, '2026-10-25T01:29:59Z')).toBe('ada');
    expect(who(october, '2026-10-25T01:30:00Z')).toBe('bo'); // the second 02:30 (CET)
  });
});

describe('a night layer over a weekly one', () => {
  const nights: Layer = { users: ['nina', 'ole'], start: '2026-03-23T16:00', rotation: 'FREQ=DAILY', endTime: '08:00' };
  const layered = schedule([{ users: ['ada', 'bo'], start: '2026-03-23T08:00', rotation: 'weekly' }, nights]);

  it('wins at night and leaves the day to the weekly layer; the night of 28-29 Mar is 14 hours', () => {
    // 23rd: nina, 24th: ole, ... 28th (6th night): ole.
    expect(onCallAt(layered, at('2026-03-29T00:00:00Z'))).toMatchObject({ userUid: 'ole', layer: 1, from: at('2026-03-28T15:00:00Z'), until: at('2026-03-29T06:00:00Z') });
    expect(who(layered, '2026-03-29T06:00:00Z')).toBe('ada'); // 08:00 CEST: the night is over
    expect(who(layered, '2026-03-29T14:00:00Z')).toBe('nina'); // 16:00 CEST
  });

  it('runs the night of 24-25 Oct for 17 hours, to 08:00 CET', () => {
    // 23 Mar to 24 Oct is 215 nights: an odd index, so ole.
    expect(onCallAt(layered, at('2026-10-25T01:30:00Z'))).toMatchObject({ userUid: 'ole', from: at('2026-10-24T14:00:00Z'), until: at('2026-10-25T07:00:00Z') });
    expect(who(layered, '2026-10-25T07:00:00Z')).toBe('ada');
  });

  it('leaves weekday-only nights empty at the weekend', () => {
    const weekdays = schedule([{ ...nights, rotation: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' }]);
    expect(who(weekdays, '2026-03-27T20:00:00Z')).not.toBeNull(); // Friday night
    expect(who(weekdays, '2026-03-28T20:00:00Z')).toBeNull(); // Saturday night
  });
});

describe('overrides', () => {
  const base: Layer = { users: ['ada', 'bo'], start: '2026-03-23T08:00', rotation: 'weekly' };
  const withOverride = schedule([base], [{ userUid: 'zed', from: at('2026-03-28T22:00:00Z'), to: at('2026-03-29T10:00:00Z') }]);

  it('win over every layer for their span, and cut the layer answer short before they start', () => {
    expect(onCallAt(withOverride, at('2026-03-28T21:00:00Z'))).toMatchObject({ userUid: 'ada', until: at('2026-03-28T22:00:00Z') });
    expect(onCallAt(withOverride, at('2026-03-29T00:30:00Z'))).toMatchObject({ userUid: 'zed', source: 'override' });
    expect(who(withOverride, '2026-03-29T10:00:00Z')).toBe('ada');
  });

  it('shape the timeline, pieces of one person joined', () => {
    const spans = onCallBetween(withOverride, at('2026-03-28T00:00:00Z'), at('2026-03-31T00:00:00Z'));
    expect(spans).toEqual([
      { userUid: 'ada', from: at('2026-03-28T00:00:00Z'), to: at('2026-03-28T22:00:00Z') },
      { userUid: 'zed', from: at('2026-03-28T22:00:00Z'), to: at('2026-03-29T10:00:00Z') },
      { userUid: 'ada', from: at('2026-03-29T10:00:00Z'), to: at('2026-03-30T06:00:00Z') },
      { userUid: 'bo', from: at('2026-03-30T06:00:00Z'), to: at('2026-03-31T00:00:00Z') },
    ]);
  });
});

describe('rotation checks', () => {
  it('name what is wrong', () => {
    expect(rotationProblem({ start: '2026-03-23T08:00', rotation: 'FREQ=WEEKLY' }, 'Europe/Oslo')).toBeNull();
    expect(rotationProblem({ start: '2026-03-23T08:00', rotation: 'FREQ=MINUTELY' }, 'Europe/Oslo')).toMatch(/FREQ/);
    expect(rotationProblem({ start: '2026-03-23T08:00', rotation: 'nonsense' }, 'Europe/Oslo')).toMatch(/RRULE/);
    expect(rotationProblem({ start: 'tomorrow', rotation: 'daily' }, 'Europe/Oslo')).toMatch(/YYYY/);
  });

  it('find a rule that never occurs without searching to the year 9999 (a daily one would take rrule 25 s)', async () => {
    const oslo = 'Europe/Oslo';
    expect(await rotationOccurrenceProblem({ start: '2026-02-01T08:00', rotation: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' }, oslo)).toBe('never occurs');
    expect(await rotationOccurrenceProblem({ start: '2026-02-01T08:00', rotation: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, oslo)).toBe('never occurs');
    expect(await rotationOccurrenceProblem({ start: '2026-02-01T08:00', rotation: 'FREQ=YEARLY;INTERVAL=2' }, oslo)).toBe('hands off less often than once a year');
    expect(await rotationOccurrenceProblem({ start: '2026-02-01T08:00', rotation: 'FREQ=WEEKLY;BYDAY=MO,TU' }, oslo)).toBeNull();
    expect(await rotationOccurrenceProblem({ start: '2026-02-01T08:00', rotation: 'FREQ=DAILY;COUNT=1' }, oslo)).toBeNull();
  });
});

describe('someone away (a disabled account: a leaver)', () => {
  const layers: Layer[] = [
    { users: ['ada', 'bo'], start: '2026-03-23T08:00', rotation: 'weekly' },
    { users: ['nina', 'ole', 'pia'], start: '2026-03-23T16:00', rotation: 'FREQ=DAILY', endTime: '08:00' },
  ];
  const override: Override = { userUid: 'ole', from: at('2026-03-24T10:00:00Z'), to: at('2026-03-24T12:00:00Z') };
  const present = schedule(layers, [override]);
  const leaverOle = { ...present, away: ['ole'] };

  it("holds no turn: their night falls to the layer below, their override is passed over", () => {
    // 24 Mar 16:00 CET is ole's night (nina had the 23rd).
    expect(who(present, '2026-03-24T20:00:00Z')).toBe('ole');
    expect(who(leaverOle, '2026-03-24T20:00:00Z')).toBe('ada');
    expect(who(present, '2026-03-24T11:00:00Z')).toBe('ole');
    expect(who(leaverOle, '2026-03-24T11:00:00Z')).toBe('ada');
    // Nobody else's turn moves: pia still has the 25th.
    expect(who(leaverOle, '2026-03-25T20:00:00Z')).toBe('pia');
    expect(onCallBetween(leaverOle, at('2026-03-24T00:00:00Z'), at('2026-03-26T00:00:00Z')).map((span) => span.userUid)).not.toContain('ole');
  });

  it("is skipped as the backup: the next in the rotation who is not away", () => {
    expect(backupAt(present, at('2026-03-23T20:00:00Z'))).toBe('ole');
    expect(backupAt(leaverOle, at('2026-03-23T20:00:00Z'))).toBe('pia');
    expect(backupAt({ ...present, away: ['ole', 'pia'] }, at('2026-03-23T20:00:00Z'))).toBeNull();
  });
});
