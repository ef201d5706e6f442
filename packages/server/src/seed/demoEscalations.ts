import type { PolicyStore } from '../escalation/policyStore.js';
import type { ScheduleStore } from '../oncall/scheduleStore.js';
import { DEMO_SCHEDULE_NAME } from './demoOnCall.js';
import { demoUid } from './demoSeed.js';

export const DEMO_POLICY_NAME = 'Klasse A-alarmer Fjordvarme';

/**
 * Fjordvarme's escalation policy (issue 35's demo), on every site of the partner (those its admin sees)
 * for class A alarms: at once to whoever the demo schedule puts on call, after 5 minutes to the other of
 * the two (the schedule's backup), by e-mail and SMS (skipped, and logged so, for whoever has no number);
 * the whole once more after another 5 minutes.
 */
export async function seedDemoEscalations(policies: PolicyStore, schedules: ScheduleStore): Promise<void> {
  const schedule = (await schedules.list('fjordvarme')).find((item) => item.name === DEMO_SCHEDULE_NAME);
  if (!schedule) return;
  await policies.create('fjordvarme', demoUid('admin'), {
    name: DEMO_POLICY_NAME,
    sites: null,
    priorities: ['A'],
    steps: [
      { afterMinutes: 0, targets: [{ schedule: schedule.id }], channels: ['mail', 'sms'] },
      { afterMinutes: 5, targets: [{ backup: schedule.id }], channels: ['mail', 'sms'] },
    ],
    repeat: 1,
    repeatAfterMinutes: 5,
  });
}
