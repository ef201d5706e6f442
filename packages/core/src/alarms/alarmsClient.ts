import * as z from 'zod';
import {
  alarmRowResponse,
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
      since: query.since,
      limit: query.limit,
    },
    schema: listAlarmsResponse,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return answer.data;
}

export async function acknowledgeAlarm(http: HttpClient, id: string): Promise<AlarmRow> {
  return (await http.request(ALARMS, `/alarms/${encodeURIComponent(id)}/acknowledge`, { method: 'POST', schema: alarmRowResponse })).data;
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
