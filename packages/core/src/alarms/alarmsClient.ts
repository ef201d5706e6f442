import * as z from 'zod/mini';
import {
  alarmHistoryResponse,
  alarmRowResponse,
  alarmRowsResponse,
  type AlarmHistoryEntry,
  listAlarmsResponse,
  simulationState,
  type AlarmRow,
  type CreateSimulatedSiteBody,
  type ListAlarmsQuery,
  type RaiseAlarmBody,
  type SimulationState,
} from '../contract/alarms.js';
import { site as siteSchema, type Site } from '../contract/controllers.js';
import type { HttpClient } from '../http/createHttpClient.js';

/** The alarms service (REST): the CLI's source, and the reference cloud's simulation controls. */
const ALARMS = 'alarms';

/** Alarms of the caller's sites, newest first (site: uuid or exact name; active; class; since). */
export async function listAlarms(http: HttpClient, query: ListAlarmsQuery = {}, options: { signal?: AbortSignal } = {}): Promise<AlarmRow[]> {
  const answer = await http.request(ALARMS, '/alarms', {
    query: {
      site: query.site,
      class: query.class,
      active: query.active,
      state: query.state,
      since: query.since,
      limit: query.limit,
    },
    schema: listAlarmsResponse,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return answer.data;
}

const alarmPath = (id: string, action: string) => `/alarms/${encodeURIComponent(id)}/${action}`;
/** Only a comment that says something is sent. */
const withComment = (comment: string | undefined) => (comment?.trim() ? { comment: comment.trim() } : {});

/** Acknowledges an alarm, with an optional comment (an acknowledged alarm stays as it was). */
export async function acknowledgeAlarm(http: HttpClient, id: string, comment?: string): Promise<AlarmRow> {
  return (await http.request(ALARMS, alarmPath(id, 'acknowledge'), { method: 'POST', body: withComment(comment), schema: alarmRowResponse })).data;
}

/** Acknowledges several alarms at once; all or nothing (an unknown id: 404, none acknowledged). */
export async function acknowledgeAlarms(http: HttpClient, ids: readonly string[], comment?: string): Promise<AlarmRow[]> {
  return (await http.request(ALARMS, '/alarms/acknowledge', { method: 'POST', body: { ids, ...withComment(comment) }, schema: alarmRowsResponse })).data;
}

export async function commentAlarm(http: HttpClient, id: string, comment: string): Promise<AlarmRow> {
  return (await http.request(ALARMS, alarmPath(id, 'comments'), { method: 'POST', body: { comment }, schema: alarmRowResponse })).data;
}

/** An operator clears an alarm (its condition is over). */
export async function clearAlarm(http: HttpClient, id: string, comment?: string): Promise<AlarmRow> {
  return (await http.request(ALARMS, alarmPath(id, 'clear'), { method: 'POST', body: withComment(comment), schema: alarmRowResponse })).data;
}

/** Hides an alarm from the table for `minutes` (1 minute to a week). */
export async function shelveAlarm(http: HttpClient, id: string, minutes: number, comment?: string): Promise<AlarmRow> {
  return (await http.request(ALARMS, alarmPath(id, 'shelve'), { method: 'POST', body: { minutes, ...withComment(comment) }, schema: alarmRowResponse })).data;
}

export async function unshelveAlarm(http: HttpClient, id: string): Promise<AlarmRow> {
  return (await http.request(ALARMS, alarmPath(id, 'unshelve'), { method: 'POST', body: {}, schema: alarmRowResponse })).data;
}

/** Who did what to the alarm, when; oldest first. */
export async function alarmHistory(http: HttpClient, id: string): Promise<AlarmHistoryEntry[]> {
  return (await http.request(ALARMS, alarmPath(id, 'history'), { schema: alarmHistoryResponse })).data;
}

/** Reference cloud, system admin: raise an alarm on a site now. */
export async function raiseSimulatedAlarm(http: HttpClient, body: RaiseAlarmBody): Promise<AlarmRow> {
  return (await http.request(ALARMS, '/simulation/alarms', { body, schema: alarmRowResponse })).data;
}

export async function clearSimulatedAlarm(http: HttpClient, id: string): Promise<AlarmRow> {
  return (await http.request(ALARMS, `/simulation/alarms/${encodeURIComponent(id)}/clear`, { method: 'POST', schema: alarmRowResponse })).data;
}

/** Reference cloud, system admin: pause (false) or run (true) the demo's simulation. */
export async function setSimulationRunning(http: HttpClient, running: boolean): Promise<SimulationState> {
  return http.request(ALARMS, '/simulation', { method: 'PUT', body: { running }, schema: simulationState });
}

/** Reference cloud, system admin: a new site joins the cloud and the listed users (e-mails) get it. */
export async function createSimulatedSite(http: HttpClient, body: CreateSimulatedSiteBody): Promise<Site> {
  return (await http.request(ALARMS, '/simulation/sites', { body, schema: z.object({ data: siteSchema }) })).data;
}
