import { accountsByUids } from '../auth/accounts.js';
import type { Db } from '../storage/db.js';
import type { Schedule } from './schedule.js';
import type { OnCallSpan } from './whoIsOnCall.js';

/** A schedule as the API answers it: people by e-mail (what files and people use), instants in ISO 8601. */
export interface ScheduleView {
  id: string;
  name: string;
  timeZone: string;
  sites: string[] | null;
  layers: Array<{ users: string[]; start: string; rotation: string; endTime?: string }>;
  overrides: Array<{ user: string; from: string; to: string }>;
  updatedAt: string;
}

/** E-mail of each uid (a uid whose account is gone stays as the uid, so nothing silently disappears). */
export async function emailsOf(db: Db, uids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(uids)];
  const emails = new Map(wanted.map((uid) => [uid, uid]));
  for (const account of await accountsByUids(db, wanted)) emails.set(account.uid, account.email);
  return emails;
}

export async function presentSchedules(db: Db, schedules: Schedule[]): Promise<ScheduleView[]> {
  const emails = await emailsOf(db, schedules.flatMap((schedule) => [...schedule.layers.flatMap((layer) => layer.users), ...schedule.overrides.map((item) => item.userUid)]));
  return schedules.map((schedule) => ({
    id: schedule.id,
    name: schedule.name,
    timeZone: schedule.timeZone,
    sites: schedule.sites,
    layers: schedule.layers.map((layer) => ({ ...layer, users: layer.users.map((uid) => emails.get(uid)!) })),
    overrides: schedule.overrides.map((item) => ({ user: emails.get(item.userUid)!, from: new Date(item.from).toISOString(), to: new Date(item.to).toISOString() })),
    updatedAt: new Date(schedule.updatedAt).toISOString(),
  }));
}

export async function presentSpans(db: Db, spans: OnCallSpan[]): Promise<Array<{ user: string; uid: string; from: string; to: string }>> {
  const emails = await emailsOf(db, spans.map((span) => span.userUid));
  return spans.map((span) => ({ user: emails.get(span.userUid)!, uid: span.userUid, from: new Date(span.from).toISOString(), to: new Date(span.to).toISOString() }));
}
