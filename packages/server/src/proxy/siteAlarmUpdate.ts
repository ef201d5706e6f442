import { ALARM_COLUMNS, type AlarmRow, type AlarmUpdate, type AlarmUpdateRequest, alarmUpdateRequest } from '@varde/core/contract';
import type * as z from 'zod/mini';
import type { AlarmService } from '../alarms/alarmStore.js';

type ParsedRequest = z.output<typeof alarmUpdateRequest>;

function matchesSearch(row: AlarmRow, request: ParsedRequest): boolean {
  if (request.search === '') return true;
  const needle = request.search.toLowerCase();
  const columns = request.columns && request.columns.length > 0 ? request.columns : ALARM_COLUMNS;
  return columns.some((column) => String(row[column]).toLowerCase().includes(needle));
}

/**
 * A site's answer to alarm_getUpdate: its current alarms (active or unacknowledged), newest first,
 * filtered and paged as asked; `unchanged` with no rows when nothing changed since latestTimestamp.
 */
export async function siteAlarmUpdate(
  alarms: Pick<AlarmService, 'list' | 'latestChange'>,
  siteUuid: string,
  request: ParsedRequest,
  now: number,
): Promise<AlarmUpdate> {
  const latestTimestamp = await alarms.latestChange(siteUuid);
  if (request.latestTimestamp !== null && latestTimestamp <= request.latestTimestamp) {
    return { siteUuid, rows: [], total: 0, latestTimestamp, unchanged: true };
  }
  const current = await alarms.list({
    siteUuids: [siteUuid],
    currentOnly: true,
    unackedOnly: request.unackedOnly,
    ...(request.selectedTag !== null ? { tagName: request.selectedTag } : {}),
    ...(request.timeframe > 0 ? { triggeredSince: now - request.timeframe } : {}),
  });
  const rows = current.filter((row) => matchesSearch(row, request));
  return {
    siteUuid,
    rows: rows.slice(request.start, request.start + request.amount),
    total: rows.length,
    latestTimestamp,
    unchanged: false,
  };
}

export type { AlarmUpdateRequest };
