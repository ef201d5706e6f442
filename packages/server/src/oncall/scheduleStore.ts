import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';
import type { Schedule } from './schedule.js';
import type { ScheduleInput } from './scheduleInput.js';

interface ScheduleRow {
  id: string;
  partner: string;
  name: string;
  time_zone: string;
  sites: string | null;
  layers: string;
  overrides: string;
  created_at: number | string;
  updated_at: number | string;
}

const toSchedule = (row: ScheduleRow): Schedule => ({
  id: row.id,
  partner: row.partner,
  name: row.name,
  timeZone: row.time_zone,
  sites: row.sites === null ? null : (JSON.parse(row.sites) as string[]),
  layers: JSON.parse(row.layers) as Schedule['layers'],
  overrides: JSON.parse(row.overrides) as Schedule['overrides'],
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const columnsOf = (input: ScheduleInput) => ({
  name: input.name,
  time_zone: input.timeZone,
  sites: input.sites === null ? null : JSON.stringify(input.sites),
  layers: JSON.stringify(input.layers),
  overrides: JSON.stringify(input.overrides),
});

/** On-call schedules (table oncall_schedules), each a partner's. Callers check the partner first. */
export interface ScheduleStore {
  /** Every schedule of a partner, by name; all partners' when `partner` is null (a system admin's list). */
  list(partner: string | null, db?: Db): Promise<Schedule[]>;
  get(id: string, db?: Db): Promise<Schedule | null>;
  create(partner: string, input: ScheduleInput, tx?: Tx): Promise<Schedule>;
  /** False when there is no such schedule. */
  replace(id: string, input: ScheduleInput, tx?: Tx): Promise<boolean>;
  remove(id: string, tx?: Tx): Promise<boolean>;
  /** The schedules of `partner` that cover the site (listed, or every site when they list none). */
  coveringSite(partner: string, siteUuid: string, db?: Db): Promise<Schedule[]>;
}

/** Marks each schedule's people whose accounts are disabled as away, in one read for them all. */
async function withAway(on: Db, schedules: Schedule[]): Promise<Schedule[]> {
  const people = [...new Set(schedules.flatMap((schedule) => [...schedule.layers.flatMap((layer) => layer.users), ...schedule.overrides.map((item) => item.userUid)]))];
  if (people.length === 0) return schedules;
  const disabled = new Set<string>();
  for (let start = 0; start < people.length; start += 500) {
    const rows = await on.selectFrom('accounts').select('uid').where('uid', 'in', people.slice(start, start + 500)).where('disabled_at', 'is not', null).execute();
    for (const row of rows as Array<{ uid: string }>) disabled.add(row.uid);
  }
  return schedules.map((schedule) => ({ ...schedule, away: [...disabled].filter((uid) => schedule.layers.some((layer) => layer.users.includes(uid)) || schedule.overrides.some((item) => item.userUid === uid)) }));
}

export function createScheduleStore(db: Db, clock: Clock): ScheduleStore {
  const list: ScheduleStore['list'] = async (partner, on = db) => {
    let query = on.selectFrom('oncall_schedules').selectAll();
    if (partner !== null) query = query.where('partner', '=', partner);
    return withAway(on, ((await query.orderBy('name').orderBy('id').execute()) as ScheduleRow[]).map(toSchedule));
  };
  return {
    list,
    async get(id, on = db) {
      const row = (await on.selectFrom('oncall_schedules').selectAll().where('id', '=', id).executeTakeFirst()) as ScheduleRow | undefined;
      return row ? (await withAway(on, [toSchedule(row)]))[0]! : null;
    },
    async create(partner, input, tx) {
      const now = clock.now();
      const id = randomUUID();
      await (tx?.db ?? db).insertInto('oncall_schedules').values({ id, partner, ...columnsOf(input), created_at: now, updated_at: now }).execute();
      return { id, partner, ...input, createdAt: now, updatedAt: now };
    },
    async replace(id, input, tx) {
      const result = await (tx?.db ?? db).updateTable('oncall_schedules').set({ ...columnsOf(input), updated_at: clock.now() }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(id, tx) {
      const result = await (tx?.db ?? db).deleteFrom('oncall_schedules').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async coveringSite(partner, siteUuid, on = db) {
      return (await list(partner, on)).filter((schedule) => schedule.sites === null || schedule.sites.includes(siteUuid));
    },
  };
}
