import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * Alarms: the per-site alarm report of controllers-api, the alarm rows the controller proxy and the
 * alarms service answer with, and the simulation controls of the reference cloud.
 */

/** Alarm classes (alarm groups). Unknown classes are displayed like A. */
export const ALARM_CLASSES = ['A', 'B', 'C'] as const;
export type AlarmClass = (typeof ALARM_CLASSES)[number];

const isoTime = z.string().check(z.minLength(1));

/** GET /controllers/{id}/alarmReport: the latest alarm (null when none) and the unacked count. */
export const alarmReport = z.object({
  latestAlarm: z.nullable(
    z.object({
      /** When it was raised (ISO 8601). */
      active: isoTime,
      /** When it cleared; null while it is active. */
      inactive: z.nullable(isoTime),
      alarm_group: z.string(),
      name: z.string(),
    }),
  ),
  unacked: z.number().check(z.int(), z.minimum(0)),
  /**
   * Active alarms, acknowledged or not, and the most severe class among them (issue 37: the site list's
   * badge counts what the alarm cards and the map count). The reference cloud's addition; absent from
   * clouds that do not send it, and the badge then follows latestAlarm as before.
   */
  active: z.optional(z.number().check(z.int(), z.minimum(0))),
  activeGroup: z.optional(z.nullable(z.string())),
});
export type AlarmReport = z.infer<typeof alarmReport>;
export const alarmReportResponse = z.object({ data: alarmReport });
export type AlarmReportResponse = z.infer<typeof alarmReportResponse>;

/** One alarm as the alarm table shows it (class, site, name, last triggered, description, value). */
export const alarmRow = z.object({
  id: z.string(),
  /** Class A, B or C (other values are possible from real controllers). */
  alarmGroup: z.string(),
  /** Site name. */
  site: z.string(),
  siteUuid: z.string(),
  /** The alarm's tag name ("name" column). */
  tagName: z.string(),
  /** Last triggered (ISO 8601). */
  active: isoTime,
  /** When it cleared (ISO 8601); null while active. */
  inactive: z.nullable(isoTime),
  /** Description. */
  text: z.string(),
  value: z.string(),
  /** Who acknowledged it; null while unacknowledged. */
  acknowledgedBy: z.nullable(z.string()),
  alarmType: z.string(),
  /** When it was acknowledged (ISO 8601); absent from controllers that do not say. */
  acknowledgedAt: z.optional(z.nullable(isoTime)),
  /** The comment given with the acknowledgement (plain text, never HTML). */
  ackComment: z.optional(z.nullable(z.string())),
  /** Hidden from the table until then (ISO 8601); null or absent when not shelved. */
  shelvedUntil: z.optional(z.nullable(isoTime)),
  shelvedBy: z.optional(z.nullable(z.string())),
});
export type AlarmRow = z.infer<typeof alarmRow>;

/** Columns alarm_getUpdate's search text may match. */
export const ALARM_COLUMNS = ['alarmGroup', 'site', 'tagName', 'active', 'text', 'value'] as const;
export type AlarmColumn = (typeof ALARM_COLUMNS)[number];

/**
 * alarm_getUpdate on a site's proxy socket (every 3 s). The site answers with the alarms that are
 * active or not yet acknowledged, newest first.
 */
export const alarmUpdateRequest = z.object({
  /** Columns the search text is matched against (default: all of ALARM_COLUMNS). */
  columns: z.optional(z.array(z.enum(ALARM_COLUMNS)).check(z.maxLength(ALARM_COLUMNS.length))),
  /** Case-insensitive text that one of the columns must contain ('' = no filter). */
  search: z._default(z.string().check(z.maxLength(200)), ''),
  /** Only unacknowledged alarms. */
  unackedOnly: z._default(z.boolean(), false),
  /** Page size. */
  amount: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(5000)), 100),
  /** Offset of the first row. */
  start: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  /** Only alarms triggered within this many milliseconds before now (0 = no limit). */
  timeframe: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  /** Only this alarm tag (null = all). */
  selectedTag: z._default(z.nullable(z.string().check(z.maxLength(200))), null),
  /**
   * The latestTimestamp of the previous answer: when nothing changed since, the answer is
   * `unchanged: true` with no rows (keep the previous ones).
   */
  latestTimestamp: z._default(z.nullable(z.number().check(z.int(), z.minimum(0))), null),
});
export type AlarmUpdateRequest = z.input<typeof alarmUpdateRequest>;

/** The answer to alarm_getUpdate (by the acknowledgement callback when the request gave one, else event alarm_update). */
export const alarmUpdate = z.object({
  siteUuid: z.string(),
  rows: z.array(alarmRow),
  /** Rows matching the filters before paging. */
  total: z.number().check(z.int(), z.minimum(0)),
  /** Epoch ms of the site's latest alarm change (send it back as latestTimestamp). */
  latestTimestamp: z.number().check(z.int(), z.minimum(0)),
  unchanged: z.boolean(),
});
export type AlarmUpdate = z.infer<typeof alarmUpdate>;

/** GET {alarms}/alarms: alarms of the caller's sites, newest first. */
export const listAlarmsQuery = z.object({
  /** Site uuid or exact site name. */
  site: z.optional(z.string().check(z.maxLength(200))),
  class: z.optional(z.string().check(z.maxLength(20))),
  /** true: only active; false: only cleared; absent: both. */
  active: z.optional(z.enum(['true', 'false'])),
  /** Only alarms in this state (see ALARM_STATE_FILTERS). */
  state: z.optional(z.enum(['unacked', 'acked', 'active', 'cleared', 'shelved'])),
  /** Only alarms changed after this epoch ms (for --watch). */
  since: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(5000))),
});
/** What a client sends (numbers are coerced from the query string by the server). */
export type ListAlarmsQuery = { site?: string; class?: string; active?: 'true' | 'false'; state?: AlarmStateFilter; since?: number; limit?: number };
export const listAlarmsResponse = z.object({ data: z.array(alarmRow) });
export type ListAlarmsResponse = z.infer<typeof listAlarmsResponse>;

/** POST {alarms}/simulation/alarms (system admin): raise an alarm on a site now. */
export const raiseAlarmBody = z.object({
  siteUuid: z.string().check(z.minLength(1), z.maxLength(100)),
  alarmGroup: z.string().check(z.minLength(1), z.maxLength(20)),
  tagName: z.string().check(z.minLength(1), z.maxLength(200)),
  text: z._default(z.string().check(z.maxLength(500)), ''),
  value: z._default(z.string().check(z.maxLength(200)), ''),
});
export type RaiseAlarmBody = z.input<typeof raiseAlarmBody>;
export const alarmRowResponse = z.object({ data: alarmRow });

/** The simulation's state (GET/PUT {alarms}/simulation, POST {alarms}/simulation/step). */
export const simulationState = z.object({ running: z.boolean(), steps: z.number().check(z.int(), z.minimum(0)) });
export type SimulationState = z.infer<typeof simulationState>;
export const setSimulationBody = z.object({ running: z.boolean() });
export const stepSimulationBody = z.object({ steps: z.number().check(z.int(), z.minimum(1), z.maximum(1000)) });

/**
 * POST {alarms}/simulation/sites (system admin): a new controller joins the reference cloud
 * (tests: a site with a hostile name; demos). `grantTo`: e-mails of users who get the site.
 */
export const createSimulatedSiteBody = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  hostname: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(253), z.regex(/^[a-z0-9.-]+$/i, 'a host name'))),
  version: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(20)), '4.0'),
  webpmpReady: z._default(z.nullable(z.boolean()), true),
  latitude: z._default(z.number().check(z.minimum(-90), z.maximum(90)), 59.9139),
  longitude: z._default(z.number().check(z.minimum(-180), z.maximum(180)), 10.7522),
  grantTo: z._default(z.array(z.email().check(z.maxLength(254))).check(z.maxLength(100)), []),
});
export type CreateSimulatedSiteBody = z.input<typeof createSimulatedSiteBody>;

/**
 * Alarm states an operator filters by: unacked / acked (acknowledgement), active / cleared (the
 * condition), shelved (hidden by an operator until a chosen time).
 */
export const ALARM_STATE_FILTERS = ['unacked', 'acked', 'active', 'cleared', 'shelved'] as const;
export type AlarmStateFilter = (typeof ALARM_STATE_FILTERS)[number];

/** A comment operators write on an alarm: plain text, shown as text. */
export const alarmComment = z.string().check(z.trim(), z.maxLength(1000));

/** POST {alarms}/alarms/{id}/acknowledge: an optional comment. */
export const acknowledgeAlarmBody = z._default(z.object({ comment: z.optional(alarmComment) }), {});
/** POST {alarms}/alarms/acknowledge: bulk acknowledgement; all or nothing. */
export const acknowledgeAlarmsBody = z.object({
  ids: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1), z.maxLength(1000)),
  comment: z.optional(alarmComment),
});
export type AcknowledgeAlarmsBody = z.input<typeof acknowledgeAlarmsBody>;
/** POST {alarms}/alarms/{id}/comments. */
export const commentAlarmBody = z.object({ comment: alarmComment.check(z.minLength(1)) });
/** POST {alarms}/alarms/{id}/clear: an optional comment. */
export const clearAlarmBody = acknowledgeAlarmBody;
/** Longest shelving: a week. */
export const MAX_SHELVE_MINUTES = 7 * 24 * 60;
/** POST {alarms}/alarms/{id}/shelve: for how many minutes, with an optional comment. */
export const shelveAlarmBody = z.object({
  minutes: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_SHELVE_MINUTES)),
  comment: z.optional(alarmComment),
});
export const alarmRowsResponse = z.object({ data: z.array(alarmRow) });

/** One step in an alarm's life, as GET {alarms}/alarms/{id}/history lists them (oldest first). */
export const ALARM_ACTIONS = ['raised', 'retriggered', 'acknowledged', 'commented', 'cleared', 'shelved', 'unshelved'] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];
/**
 * What an escalation step did for one person and channel (issue 35), merged into the history as action
 * `escalated`: the alarm's escalation log line. A type only, its field taken as the cloud sends it: the schema
 * of every field would ride in the portal's first paint (this module is in it) for an entry only the alarm
 * dialog's timeline and the CLI read.
 */
export interface AlarmHistoryEscalation {
  round: number;
  /** 0 = the policy's first step. */
  step: number;
  outcome: 'sent' | 'skipped' | 'stopped';
  channel: 'sms' | 'mail' | null;
  /** Whom it was for (e-mail), or what (a schedule's or role's name) when nobody was found. */
  user: string | null;
  /** Where it went (an address or number) when sent. */
  to: string | null;
  /** Why skipped (no-access, missing-phone-number, nobody-on-call, …) or stopped (acknowledged, cleared, shelved, …). */
  reason: string | null;
}
export const alarmHistoryEntry = z.object({
  action: z.enum([...ALARM_ACTIONS, 'escalated']),
  /** Who did it (e-mail); null for the site itself (raised, cleared by the controller). */
  by: z.nullable(z.string()),
  /** ISO 8601. */
  at: isoTime,
  comment: z.nullable(z.string()),
  /** shelved: until when (ISO 8601). */
  until: z.nullable(isoTime),
  /** escalated: what the step did (the alarm's escalation log line). */
  escalation: z.optional(z.custom<AlarmHistoryEscalation>()),
});
export type AlarmHistoryEntry = z.infer<typeof alarmHistoryEntry>;
export const alarmHistoryResponse = z.object({ data: z.array(alarmHistoryEntry) });

/** Whether a row is shelved at `now` (shelving ends by itself). */
export function isShelved(row: Pick<AlarmRow, 'shelvedUntil'>, now: number): boolean {
  return row.shelvedUntil != null && Date.parse(row.shelvedUntil) > now;
}
