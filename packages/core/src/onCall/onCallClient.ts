import {
  calendarFeedState,
  calendarFeedUrls,
  escalationLogResponse,
  escalationPolicy,
  listPoliciesResponse,
  listSchedulesResponse,
  onCallSchedule,
  scheduleTimelineResponse,
  type CalendarFeedState,
  type CalendarFeedUrls,
  type EscalationLogLine,
  type EscalationPolicy,
  type OnCallSchedule,
  type PolicyInput,
  type ScheduleInput,
  type ScheduleTimeline,
} from '../contract/onCall.js';
import type { HttpClient } from '../http/createHttpClient.js';

/**
 * On-call schedules, calendar feeds, escalation policies and an alarm's escalation log on the alarms
 * service (issue 35), contract/onCall.ts. Another partner's schedule or policy answers 404; bad input
 * 400 with a `detail` naming the field (HttpError).
 */
const ALARMS = 'alarms';

export interface OnCallCallOptions {
  signal?: AbortSignal;
}

const pass = (options: OnCallCallOptions | undefined) => (options?.signal ? { signal: options.signal } : {});
const schedulePath = (id: string) => `/oncall/schedules/${encodeURIComponent(id)}`;
const policyPath = (id: string) => `/escalations/policies/${encodeURIComponent(id)}`;

/** GET /oncall/schedules: the caller's partner's schedules. */
export async function listSchedules(http: HttpClient, options?: OnCallCallOptions): Promise<OnCallSchedule[]> {
  return (await http.request(ALARMS, '/oncall/schedules', { ...pass(options), schema: listSchedulesResponse })).data;
}

export function createSchedule(http: HttpClient, input: ScheduleInput, options?: OnCallCallOptions): Promise<OnCallSchedule> {
  return http.request(ALARMS, '/oncall/schedules', { ...pass(options), method: 'POST', body: input, schema: onCallSchedule });
}

/** PUT: the schedule becomes exactly `input` (overrides included). */
export function replaceSchedule(http: HttpClient, id: string, input: ScheduleInput, options?: OnCallCallOptions): Promise<OnCallSchedule> {
  return http.request(ALARMS, schedulePath(id), { ...pass(options), method: 'PUT', body: input, schema: onCallSchedule });
}

export async function deleteSchedule(http: HttpClient, id: string, options?: OnCallCallOptions): Promise<void> {
  await http.request(ALARMS, schedulePath(id), { ...pass(options), method: 'DELETE' });
}

/** Who is on call when, from `from` to `to` (ms; the cloud's default: now and 14 days on; at most 92 days). */
export function scheduleTimeline(http: HttpClient, id: string, window: { from?: number; to?: number } = {}, options?: OnCallCallOptions): Promise<ScheduleTimeline> {
  const query = { from: window.from === undefined ? undefined : String(window.from), to: window.to === undefined ? undefined : String(window.to) };
  return http.request(ALARMS, `${schedulePath(id)}/timeline`, { ...pass(options), query, schema: scheduleTimelineResponse });
}

/** GET /oncall/feed: whether the caller has calendar feed links (their URLs are shown only when made). */
export function calendarFeed(http: HttpClient, options?: OnCallCallOptions): Promise<CalendarFeedState> {
  return http.request(ALARMS, '/oncall/feed', { ...pass(options), schema: calendarFeedState });
}

/** POST /oncall/feed: new secret feed URLs; the ones made before stop working. */
export function renewCalendarFeed(http: HttpClient, options?: OnCallCallOptions): Promise<CalendarFeedUrls> {
  return http.request(ALARMS, '/oncall/feed', { ...pass(options), method: 'POST', schema: calendarFeedUrls });
}

/** DELETE /oncall/feed: the caller's feed URLs stop working. */
export async function revokeCalendarFeed(http: HttpClient, options?: OnCallCallOptions): Promise<void> {
  await http.request(ALARMS, '/oncall/feed', { ...pass(options), method: 'DELETE' });
}

export async function listEscalationPolicies(http: HttpClient, options?: OnCallCallOptions): Promise<EscalationPolicy[]> {
  return (await http.request(ALARMS, '/escalations/policies', { ...pass(options), schema: listPoliciesResponse })).data;
}

export function createEscalationPolicy(http: HttpClient, input: PolicyInput, options?: OnCallCallOptions): Promise<EscalationPolicy> {
  return http.request(ALARMS, '/escalations/policies', { ...pass(options), method: 'POST', body: input, schema: escalationPolicy });
}

/** PUT replaces the policy whole; escalations already running read its steps as each comes due. */
export function replaceEscalationPolicy(http: HttpClient, id: string, input: PolicyInput, options?: OnCallCallOptions): Promise<EscalationPolicy> {
  return http.request(ALARMS, policyPath(id), { ...pass(options), method: 'PUT', body: input, schema: escalationPolicy });
}

export async function deleteEscalationPolicy(http: HttpClient, id: string, options?: OnCallCallOptions): Promise<void> {
  await http.request(ALARMS, policyPath(id), { ...pass(options), method: 'DELETE' });
}

/** GET /escalations/alarms/{id}: what the alarm's escalation sent to whom and when, oldest first. */
export async function alarmEscalationLog(http: HttpClient, alarmId: string, options?: OnCallCallOptions): Promise<EscalationLogLine[]> {
  return (await http.request(ALARMS, `/escalations/alarms/${encodeURIComponent(alarmId)}`, { ...pass(options), schema: escalationLogResponse })).data;
}
