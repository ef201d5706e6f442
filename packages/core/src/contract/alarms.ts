import * as z from 'zod';

/**
 * Alarms: the per-site alarm report of controllers-api, the alarm rows the controller proxy and the
 * alarms service answer with, and the simulation controls of the reference cloud.
 */

/** Alarm classes (alarm groups). Unknown classes are displayed like A. */
export const ALARM_CLASSES = ['A', 'B', 'C'] as const;
export type AlarmClass = (typeof ALARM_CLASSES)[number];

const isoTime = z.string().min(1);

/** GET /controllers/{id}/alarmReport: the latest alarm (null when none) and the unacked count. */
export const alarmReport = z.object({
  latestAlarm: z
    .object({
      /** When it was raised (ISO 8601). */
      active: isoTime,
      /** When it cleared; null while it is active. */
      inactive: isoTime.nullable(),
      alarm_group: z.string(),
      name: z.string(),
    })
    .nullable(),
  unacked: z.number().int().min(0),
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
  inactive: isoTime.nullable(),
  /** Description. */
  text: z.string(),
  value: z.string(),
  /** Who acknowledged it; null while unacknowledged. */
  acknowledgedBy: z.string().nullable(),
  alarmType: z.string(),
  /** When it was acknowledged (ISO 8601); absent from controllers that do not say. */
  acknowledgedAt: isoTime.nullable().optional(),
  /** The comment given with the acknowledgement (plain text, never HTML). */
  ackComment: z.string().nullable().optional(),
  /** Hidden from the table until then (ISO 8601); null or absent when not shelved. */
  shelvedUntil: isoTime.nullable().optional(),
  shelvedBy: z.string().nullable().optional(),
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
  columns: z.array(z.enum(ALARM_COLUMNS)).max(ALARM_COLUMNS.length).optional(),
  /** Case-insensitive text that one of the columns must contain ('' = no filter). */
  search: z.string().max(200).default(''),
  /** Only unacknowledged alarms. */
  unackedOnly: z.boolean().default(false),
  /** Page size. */
  amount: z.number().int().min(1).max(5000).default(100),
  /** Offset of the first row. */
  start: z.number().int().min(0).default(0),
  /** Only alarms triggered within this many milliseconds before now (0 = no limit). */
  timeframe: z.number().int().min(0).default(0),
  /** Only this alarm tag (null = all). */
  selectedTag: z.string().max(200).nullable().default(null),
  /**
   * The latestTimestamp of the previous answer: when nothing changed since, the answer is
   * `unchanged: true` with no rows (keep the previous ones).
   */
  latestTimestamp: z.number().int().min(0).nullable().default(null),
});
export type AlarmUpdateRequest = z.input<typeof alarmUpdateRequest>;

/** The answer to alarm_getUpdate (event alarm_update, and the acknowledgement callback). */
export const alarmUpdate = z.object({
  siteUuid: z.string(),
  rows: z.array(alarmRow),
  /** Rows matching the filters before paging. */
  total: z.number().int().min(0),
  /** Epoch ms of the site's latest alarm change (send it back as latestTimestamp). */
  latestTimestamp: z.number().int().min(0),
  unchanged: z.boolean(),
});
export type AlarmUpdate = z.infer<typeof alarmUpdate>;

/** GET {alarms}/alarms: alarms of the caller's sites, newest first. */
export const listAlarmsQuery = z.object({
  /** Site uuid or exact site name. */
  site: z.string().max(200).optional(),
  class: z.string().max(20).optional(),
  /** true: only active; false: only cleared; absent: both. */
  active: z.enum(['true', 'false']).optional(),
  /** Only alarms in this state (see ALARM_STATE_FILTERS). */
  state: z.enum(['unacked', 'acked', 'active', 'cleared', 'shelved']).optional(),
  /** Only alarms changed after this epoch ms (for --watch). */
  since: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
});
/** What a client sends (numbers are coerced from the query string by the server). */
export type ListAlarmsQuery = { site?: string; class?: string; active?: 'true' | 'false'; state?: AlarmStateFilter; since?: number; limit?: number };
export const listAlarmsResponse = z.object({ data: z.array(alarmRow) });
export type ListAlarmsResponse = z.infer<typeof listAlarmsResponse>;

/** POST {alarms}/simulation/alarms (system admin): raise an alarm on a site now. */
export const raiseAlarmBody = z.object({
  siteUuid: z.string().min(1).max(100),
  alarmGroup: z.string().min(1).max(20),
  tagName: z.string().min(1).max(200),
  text: z.string().max(500).default(''),
  value: z.string().max(200).default(''),
});
export type RaiseAlarmBody = z.input<typeof raiseAlarmBody>;
export const alarmRowResponse = z.object({ data: alarmRow });

/** The simulation's state (GET/PUT {alarms}/simulation, POST {alarms}/simulation/step). */
export const simulationState = z.object({ running: z.boolean(), steps: z.number().int().min(0) });
export type SimulationState = z.infer<typeof simulationState>;
export const setSimulationBody = z.object({ running: z.boolean() });
export const stepSimulationBody = z.object({ steps: z.number().int().min(1).max(1000) });

/**
 * POST {alarms}/simulation/sites (system admin): a new controller joins the reference cloud
 * (tests: a site with a hostile name; demos). `grantTo`: e-mails of users who get the site.
 */
export const createSimulatedSiteBody = z.object({
  name: z.string().trim().min(1).max(200),
  hostname: z.string().trim().min(1).max(253).regex(/^[a-z0-9.-]+$/i, 'a host name').optional(),
  version: z.string().trim().min(1).max(20).default('4.0'),
  webpmpReady: z.boolean().nullable().default(true),
  latitude: z.number().min(-90).max(90).default(59.9139),
  longitude: z.number().min(-180).max(180).default(10.7522),
  grantTo: z.array(z.email().max(254)).max(100).default([]),
});
export type CreateSimulatedSiteBody = z.input<typeof createSimulatedSiteBody>;

/**
 * Alarm states an operator filters by: unacked / acked (acknowledgement), active / cleared (the
 * condition), shelved (hidden by an operator until a chosen time).
 */
export const ALARM_STATE_FILTERS = ['unacked', 'acked', 'active', 'cleared', 'shelved'] as const;
export type AlarmStateFilter = (typeof ALARM_STATE_FILTERS)[number];

/** A comment operators write on an alarm: plain text, shown as text. */
export const alarmComment = z.string().trim().max(1000);

/** POST {alarms}/alarms/{id}/acknowledge: an optional comment. */
export const acknowledgeAlarmBody = z.object({ comment: alarmComment.optional() }).default({});
/** POST {alarms}/alarms/acknowledge: bulk acknowledgement; all or nothing. */
export const acknowledgeAlarmsBody = z.object({
  ids: z.array(z.string().min(1).max(100)).min(1).max(1000),
  comment: alarmComment.optional(),
});
export type AcknowledgeAlarmsBody = z.input<typeof acknowledgeAlarmsBody>;
/** POST {alarms}/alarms/{id}/comments. */
export const commentAlarmBody = z.object({ comment: alarmComment.min(1) });
/** POST {alarms}/alarms/{id}/clear: an optional comment. */
export const clearAlarmBody = acknowledgeAlarmBody;
/** Longest shelving: a week. */
export const MAX_SHELVE_MINUTES = 7 * 24 * 60;
/** POST {alarms}/alarms/{id}/shelve: for how many minutes, with an optional comment. */
export const shelveAlarmBody = z.object({
  minutes: z.number().int().min(1).max(MAX_SHELVE_MINUTES),
  comment: alarmComment.optional(),
});
export const alarmRowsResponse = z.object({ data: z.array(alarmRow) });

/** One step in an alarm's life, as GET {alarms}/alarms/{id}/history lists them (oldest first). */
export const ALARM_ACTIONS = ['raised', 'retriggered', 'acknowledged', 'commented', 'cleared', 'shelved', 'unshelved'] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];
export const alarmHistoryEntry = z.object({
  action: z.enum(ALARM_ACTIONS),
  /** Who did it (e-mail); null for the site itself (raised, cleared by the controller). */
  by: z.string().nullable(),
  /** ISO 8601. */
  at: isoTime,
  comment: z.string().nullable(),
  /** shelved: until when (ISO 8601). */
  until: isoTime.nullable(),
});
export type AlarmHistoryEntry = z.infer<typeof alarmHistoryEntry>;
export const alarmHistoryResponse = z.object({ data: z.array(alarmHistoryEntry) });

/** Whether a row is shelved at `now` (shelving ends by itself). */
export function isShelved(row: Pick<AlarmRow, 'shelvedUntil'>, now: number): boolean {
  return row.shelvedUntil != null && Date.parse(row.shelvedUntil) > now;
}
