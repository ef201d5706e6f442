import { DateTime } from 'luxon';
import type { Clock } from '../clock.js';
import type { ScheduleStore } from '../oncall/scheduleStore.js';
import { demoUid } from './demoSeed.js';

export const DEMO_SCHEDULE_NAME = 'Driftsvakt Fjordvarme';

/**
 * Fjordvarme's on-call schedule (issue 35's demo): user@varde.test and power@varde.test take turns
 * week by week, handing off on Mondays at 08:00 Oslo time from 5 Jan 2026 (so the two DST nights of
 * 2026 are in it), on every site of the partner; power@ covers the coming Saturday 08:00 to Sunday 20:00
 * as an override, whoever's week it is.
 */
export async function seedDemoOnCall(store: ScheduleStore, clock: Clock): Promise<void> {
  const saturday = DateTime.fromMillis(clock.now(), { zone: 'Europe/Oslo' }).startOf('week').plus({ days: 5, hours: 8 });
  await store.create('fjordvarme', {
    name: DEMO_SCHEDULE_NAME,
    timeZone: 'Europe/Oslo',
    sites: null,
    layers: [{ users: [demoUid('user'), demoUid('powerUser')], start: '2026-01-05T08:00', rotation: 'weekly' }],
    overrides: [{ userUid: demoUid('powerUser'), from: saturday.toMillis(), to: saturday.plus({ days: 1, hours: 12 }).toMillis() }],
  });
}
