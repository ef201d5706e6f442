import type { Role } from '@varde/core/contract';

/**
 * Whom a step tells: a user, whoever a schedule puts on call when the step runs, that schedule's backup then
 * (oncall/whoIsOnCall.ts backupAt), or everyone of the partner with a role on the alarm's site then (roleTargets.ts).
 */
export type StepTarget = { user: string } | { schedule: string } | { backup: string } | { role: Role };

export type EscalationChannel = 'sms' | 'mail';

/** One step: `afterMinutes` after the alarm was raised (0 for the first), tell `targets` on `channels`. */
export interface PolicyStep {
  afterMinutes: number;
  /** Users by uid, schedules by id. */
  targets: StepTarget[];
  channels: EscalationChannel[];
}

/** A partner's escalation policy: which alarms it takes (sites and priorities) and its steps, repeated `repeat` more times. */
export interface Policy {
  id: string;
  partner: string;
  name: string;
  /** null: every site its maker sees (the partner's sites, for a partner admin). */
  sites: string[] | null;
  /** Alarm classes (the alarms' group: A, B, C). */
  priorities: string[];
  steps: PolicyStep[];
  /** How many times the whole policy runs again after its first round (0 = once). */
  repeat: number;
  /** Minutes between a round's last step and the next round's first. */
  repeatAfterMinutes: number;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
}
