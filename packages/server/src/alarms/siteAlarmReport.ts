import { sql } from 'kysely';
import type { AlarmReport } from '@varde/core/contract';
import type { Db } from '../storage/db.js';

/** A, B, C, then any other class: the most severe first (core's alarmClassRank; the server shares only the contract). */
function classRank(alarmGroup: string): number {
  const index = ['A', 'B', 'C'].indexOf(alarmGroup.trim().toUpperCase());
  return index === -1 ? 3 : index;
}

interface Row {
  part: 'latest' | 'group';
  alarm_group: string;
  active_at: number | string | null;
  inactive_at: number | string | null;
  tag_name: string | null;
  active: number | string | null;
  unacked: number | string | null;
}

// Row types are checked where the rows are read (Row); the builder sees `any` columns, as elsewhere.
const NULL = sql<any>`NULL`;

/**
 * A site's alarm report in one statement (a site's page asks for it): its latest alarm, and per alarm
 * class the active alarms (acknowledged or not: what the alarm cards and the map count, issue 37) and
 * the unacknowledged ones.
 */
export async function siteAlarmReport(db: Db, siteUuid: string): Promise<AlarmReport> {
  const latest = db
    .selectFrom('alarms')
    .select(['alarm_group', 'active_at', 'inactive_at', 'tag_name'])
    .where('site_uuid', '=', siteUuid)
    .orderBy('active_at', 'desc')
    .orderBy('id')
    .limit(1)
    .as('latest');
  const rows = (await db
    .selectFrom(latest)
    .select([sql.lit('latest').as('part'), 'alarm_group', 'active_at', 'inactive_at', 'tag_name', NULL.as('active'), NULL.as('unacked')])
    .unionAll(
      db
        .selectFrom('alarms')
        .select([
          sql.lit('group').as('part'),
          'alarm_group',
          NULL.as('active_at'),
          NULL.as('inactive_at'),
          NULL.as('tag_name'),
          sql<number>`SUM(CASE WHEN inactive_at IS NULL THEN 1 ELSE 0 END)`.as('active'),
          sql<number>`SUM(CASE WHEN acked_at IS NULL THEN 1 ELSE 0 END)`.as('unacked'),
        ])
        .where('site_uuid', '=', siteUuid)
        .groupBy('alarm_group'),
    )
    .execute()) as Row[];

  const groups = rows.filter((row) => row.part === 'group').map((row) => ({ group: row.alarm_group, active: Number(row.active), unacked: Number(row.unacked) }));
  const activeGroups = groups.filter((group) => group.active > 0).map((group) => group.group);
  const newest = rows.find((row) => row.part === 'latest');
  return {
    active: groups.reduce((sum, group) => sum + group.active, 0),
    activeGroup: activeGroups.sort((a, b) => classRank(a) - classRank(b) || a.localeCompare(b))[0] ?? null,
    latestAlarm: newest
      ? {
          active: new Date(Number(newest.active_at)).toISOString(),
          inactive: newest.inactive_at === null ? null : new Date(Number(newest.inactive_at)).toISOString(),
          alarm_group: newest.alarm_group,
          name: newest.tag_name!,
        }
      : null,
    unacked: groups.reduce((sum, group) => sum + group.unacked, 0),
  };
}
