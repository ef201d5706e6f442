import type { EscalationChannel, EscalationPolicy, OnCallSchedule, PolicyInput, StepTarget } from '@varde/core/contract';

/** What the editor holds: the policy as the cloud takes it (people by e-mail, schedules by id). */
export interface PolicyDraft {
  name: string;
  /** null: every site of the partner; a list: only those (uuids). */
  sites: string[] | null;
  priorities: string[];
  steps: Array<{ afterMinutes: number; targets: StepTarget[]; channels: EscalationChannel[] }>;
  repeat: number;
  repeatAfterMinutes: number;
}

export const ALARM_CLASSES = ['A', 'B', 'C'] as const;
export const TARGET_KINDS = ['user', 'schedule', 'backup', 'role'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const emptyDraft = (): PolicyDraft => ({
  name: '', sites: null, priorities: ['A'], steps: [{ afterMinutes: 0, targets: [], channels: ['sms', 'mail'] }], repeat: 0, repeatAfterMinutes: 5,
});

export const draftOf = (policy: EscalationPolicy): PolicyDraft => ({
  name: policy.name, sites: policy.sites, priorities: policy.priorities, steps: policy.steps.map((step) => ({ ...step, targets: [...step.targets] })),
  repeat: policy.repeat, repeatAfterMinutes: policy.repeatAfterMinutes,
});

export const inputOf = (draft: PolicyDraft): PolicyInput => ({ ...draft, name: draft.name.trim() });

export function kindOf(target: StepTarget): TargetKind {
  return 'user' in target ? 'user' : 'schedule' in target ? 'schedule' : 'backup' in target ? 'backup' : 'role';
}

export function valueOf(target: StepTarget): string {
  return 'user' in target ? target.user : 'schedule' in target ? target.schedule : 'backup' in target ? target.backup : target.role;
}

export function targetOf(kind: TargetKind, value: string): StepTarget {
  return kind === 'user' ? { user: value } : kind === 'schedule' ? { schedule: value } : kind === 'backup' ? { backup: value } : { role: value };
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "On call in Driftsvakt", "power@varde.test", "Everyone with role Admin": schedules by their name. */
export function targetText(target: StepTarget, schedules: readonly OnCallSchedule[], t: Translate): string {
  const kind = kindOf(target);
  const value = valueOf(target);
  const name = kind === 'schedule' || kind === 'backup' ? (schedules.find((schedule) => schedule.id === value)?.name ?? t('onCall:unknownSchedule')) : value;
  return t(`onCall:target_${kind}`, { name });
}
