import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * On-call schedules and escalation policies on the alarms service (issue 35). People are named by
 * e-mail, instants are ISO 8601 with their offset. User text (names, e-mails) is plain text: render it
 * as text, never as HTML.
 */

/** A rotation: users take turns, one per hand-off; `rotation` is 'daily', 'weekly' or an RFC 5545 RRULE. */
export const scheduleLayer = z.object({
  users: z.array(z.string()),
  /** The first hand-off, wall-clock time in the schedule's zone (`2026-01-05T08:00`). */
  start: z.string(),
  rotation: z.string(),
  /** `HH:mm`: shifts end at this time (nights 16:00–08:00); absent: at the next hand-off. */
  endTime: z.optional(z.string()),
});
export type ScheduleLayer = z.infer<typeof scheduleLayer>;

export const scheduleOverride = z.object({ user: z.string(), from: z.string(), to: z.string() });
export type ScheduleOverride = z.infer<typeof scheduleOverride>;

export const onCallSchedule = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** null: every site of the partner. */
  sites: z.nullable(z.array(z.string())),
  layers: z.array(scheduleLayer),
  overrides: z.array(scheduleOverride),
  updatedAt: z.string(),
});
export type OnCallSchedule = z.infer<typeof onCallSchedule>;

/** POST/PUT body: a schedule as written (people by e-mail or uid). */
export type ScheduleInput = Pick<OnCallSchedule, 'name' | 'timeZone' | 'layers'> & { sites?: string[] | null; overrides?: ScheduleOverride[] };

export const listSchedulesResponse = z.object({ data: z.array(onCallSchedule) });

/** One stretch of a schedule's timeline: who is on call from `from` to `to`. */
export const onCallSpan = z.object({ user: z.string(), uid: z.string(), from: z.string(), to: z.string() });
export type OnCallSpan = z.infer<typeof onCallSpan>;

export const scheduleTimelineResponse = z.object({
  schedule: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  data: z.array(onCallSpan),
});
export type ScheduleTimeline = z.infer<typeof scheduleTimelineResponse>;

/** GET /oncall/feed. */
export const calendarFeedState = z.object({ active: z.boolean(), createdAt: z.nullable(z.string()) });
export type CalendarFeedState = z.infer<typeof calendarFeedState>;

/** POST /oncall/feed: the only time the secret URLs are shown (made anew, the old ones stop working). */
export const calendarFeedUrls = z.object({
  me: z.string(),
  schedules: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
});
export type CalendarFeedUrls = z.infer<typeof calendarFeedUrls>;

/** Whom a step tells: a user (e-mail), whoever a schedule has on call, that schedule's backup, or everyone with a role on the site. */
export const stepTarget = z.union([
  z.object({ user: z.string() }),
  z.object({ schedule: z.string() }),
  z.object({ backup: z.string() }),
  z.object({ role: z.string() }),
]);
export type StepTarget = z.infer<typeof stepTarget>;

export const escalationChannel = z.enum(['sms', 'mail']);
export type EscalationChannel = z.infer<typeof escalationChannel>;

export const policyStep = z.object({ afterMinutes: z.number(), targets: z.array(stepTarget), channels: z.array(escalationChannel) });
export type PolicyStep = z.infer<typeof policyStep>;

export const escalationPolicy = z.object({
  id: z.string(),
  name: z.string(),
  sites: z.nullable(z.array(z.string())),
  /** Alarm classes (A, B, C). */
  priorities: z.array(z.string()),
  steps: z.array(policyStep),
  repeat: z.number(),
  repeatAfterMinutes: z.number(),
  updatedAt: z.string(),
});
export type EscalationPolicy = z.infer<typeof escalationPolicy>;

export type PolicyInput = Pick<EscalationPolicy, 'name' | 'priorities' | 'steps'> & { sites?: string[] | null; repeat?: number; repeatAfterMinutes?: number };

export const listPoliciesResponse = z.object({ data: z.array(escalationPolicy) });

/** One line of an alarm's escalation log: what a step sent, skipped (and why) or stopped. */
export const escalationLogLine = z.object({
  round: z.number(),
  step: z.number(),
  userUid: z.nullable(z.string()),
  username: z.nullable(z.string()),
  channel: z.nullable(escalationChannel),
  outcome: z.enum(['sent', 'skipped', 'stopped']),
  reason: z.nullable(z.string()),
  to: z.nullable(z.string()),
  at: z.string(),
});
export type EscalationLogLine = z.infer<typeof escalationLogLine>;

export const escalationLogResponse = z.object({ data: z.array(escalationLogLine) });
