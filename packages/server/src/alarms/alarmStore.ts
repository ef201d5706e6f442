import { randomUUID } from 'node:crypto';
import type { AlarmHistoryEntry, AlarmReport, AlarmRow, AlarmStateFilter } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

/** What raises an alarm: a site's tag crossing a limit (simulation, tests, the rule engine). */
export interface RaiseAlarmInput {
  siteUuid: string;
  alarmGroup: string;
  tagName: string;
  text?: string;
  value?: string;
  alarmType?: string;
}

export interface AlarmFilter {
  /** Only these sites (already limited to what the caller may see). */
  siteUuids: readonly string[];
  alarmGroup?: string;
  /** true only active, false only cleared. */
  active?: boolean;
  /** Only active or unacknowledged ones: a controller's current alarm list. */
  currentOnly?: boolean;
  unackedOnly?: boolean;
  /** An operator's state filter (shelved: shelved now). */
  state?: AlarmStateFilter;
  tagName?: string;
  /** Triggered at or after (epoch ms). */
  triggeredSince?: number;
  /** Changed after (epoch ms). */
  changedAfter?: number;
}

/** The alarms of every site, kept in the `alarms` table. */
export interface AlarmService {
  /** Raises an alarm; an alarm already active on the same tag is triggered again (new time and value). */
  raise(input: RaiseAlarmInput): AlarmRow;
  /** Clears an active alarm; null when there is no such alarm. Clearing a cleared alarm changes nothing. */
  clear(id: string): AlarmRow | null;
  /** Clears the active alarm of a site's tag; null when none is active. */
  clearTag(siteUuid: string, tagName: string): AlarmRow | null;
  /** Acknowledges (once; a second acknowledgement changes nothing). */
  acknowledge(id: string, by: string, comment?: string): AlarmRow | null;
  /** An operator clears the alarm (its history says who). */
  clearBy(id: string, by: string, comment?: string): AlarmRow | null;
  comment(id: string, by: string, comment: string): AlarmRow | null;
  /** Hides the alarm from the table until `until` (epoch ms); the table shows it again by itself then. */
  shelve(id: string, by: string, until: number, comment?: string): AlarmRow | null;
  unshelve(id: string, by: string): AlarmRow | null;
  /** Every step of the alarm's life, oldest first. */
  history(id: string): AlarmHistoryEntry[];
  /** Called after every change of an alarm (raise, clear, acknowledge, comment, shelve): server push. */
  onChange(listener: (change: { siteUuid: string; alarmId: string }) => void): () => void;
  byId(id: string): AlarmRow | null;
  /** Newest trigger first. */
  list(filter: AlarmFilter): AlarmRow[];
  report(siteUuid: string): AlarmReport;
  /** Epoch ms of the site's latest alarm change (0 when it never had one). */
  latestChange(siteUuid: string): number;
  /** Active alarms of every site (the simulation clears them). */
  activeIds(): string[];
  /** Unacknowledged alarms of every site. */
  unackedIds(): string[];
}

interface AlarmDbRow {
  id: string;
  site_uuid: string;
  site_name: string;
  alarm_group: string;
  tag_name: string;
  text: string;
  value: string;
  alarm_type: string;
  active_at: number;
  inactive_at: number | null;
  acked_at: number | null;
  acked_by: string | null;
  ack_comment: string | null;
  shelved_until: number | null;
  shelved_by: string | null;
  changed_at: number;
}

interface HistoryDbRow {
  action: AlarmHistoryEntry['action'];
  by: string | null;
  comment: string | null;
  until: number | null;
  at: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const SELECT = `SELECT a.*, s.name AS site_name FROM alarms a JOIN sites s ON s.uuid = a.site_uuid`;

function toRow(row: AlarmDbRow): AlarmRow {
  return {
    id: row.id,
    alarmGroup: row.alarm_group,
    site: row.site_name,
    siteUuid: row.site_uuid,
    tagName: row.tag_name,
    active: new Date(row.active_at).toISOString(),
    inactive: row.inactive_at === null ? null : new Date(row.inactive_at).toISOString(),
    text: row.text,
    value: row.value,
    acknowledgedBy: row.acked_at === null ? null : row.acked_by ?? '',
    alarmType: row.alarm_type,
    acknowledgedAt: iso(row.acked_at),
    ackComment: row.ack_comment,
    shelvedUntil: iso(row.shelved_until),
    shelvedBy: row.shelved_until === null ? null : row.shelved_by,
  };
}

/**
 * Alarms written before their history was kept (the demo seed, databases from before migration 140)
 * have no recorded steps: what the row itself says (raised, acknowledged, cleared) stands in for them.
 */
function stepsBeforeHistory(alarm: AlarmDbRow, recorded: readonly HistoryDbRow[]): HistoryDbRow[] {
  if (recorded.some((step) => step.action === 'raised')) return [];
  const has = (action: HistoryDbRow['action']) => recorded.some((step) => step.action === action);
  const steps: HistoryDbRow[] = [{ action: 'raised', by: null, comment: null, until: null, at: alarm.active_at }];
  if (alarm.acked_at !== null && !has('acknowledged')) {
    steps.push({ action: 'acknowledged', by: alarm.acked_by, comment: alarm.ack_comment, until: null, at: alarm.acked_at });
  }
  if (alarm.inactive_at !== null && !has('cleared')) steps.push({ action: 'cleared', by: null, comment: null, until: null, at: alarm.inactive_at });
  return steps.sort((a, b) => a.at - b.at);
}

export function createAlarmService(db: Db, clock: Clock): AlarmService {
  const byIdStatement = db.prepare<[string], AlarmDbRow>(`${SELECT} WHERE a.id = ?`);
  // Asked for every site on each table's poll (90 sites every 3 s): prepared once, not per call.
  const latestChangeStatement = db.prepare<[string], { latest: number | null }>('SELECT MAX(changed_at) AS latest FROM alarms WHERE site_uuid = ?');
  /** list()'s statements by their SQL (one per combination of filters). */
  const listStatements = new Map<string, ReturnType<typeof db.prepare<unknown[], AlarmDbRow>>>();
  const activeOnTag = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM alarms WHERE site_uuid = ? AND tag_name = ? AND inactive_at IS NULL',
  );
  const byId = (id: string) => {
    const row = byIdStatement.get(id);
    return row ? toRow(row) : null;
  };
  // A change must be newer than the previous one, so latestTimestamp comparisons never miss one.
  let lastStamp = 0;
  const stamp = () => (lastStamp = Math.max(clock.now(), lastStamp + 1));
  const listeners = new Set<(change: { siteUuid: string; alarmId: string }) => void>();
  const insertHistory = db.prepare<[string, string, string | null, string | null, number | null, number]>(
    'INSERT INTO alarm_history (alarm_id, action, by, comment, until, at) VALUES (?, ?, ?, ?, ?, ?)',
  );

  /** Records the step and tells the listeners; returns the alarm as it is now. */
  function changed(id: string, action: AlarmHistoryEntry['action'], at: number, by: string | null, comment?: string, until?: number): AlarmRow | null {
    insertHistory.run(id, action, by, comment === undefined || comment === '' ? null : comment, until ?? null, at);
    const row = byId(id);
    if (row) for (const listener of [...listeners]) listener({ siteUuid: row.siteUuid, alarmId: id });
    return row;
  }

  function clear(id: string, by: string | null = null, comment?: string): AlarmRow | null {
    const now = stamp();
    const result = db.prepare('UPDATE alarms SET inactive_at = ?, changed_at = ? WHERE id = ? AND inactive_at IS NULL').run(now, now, id);
    return result.changes > 0 ? changed(id, 'cleared', now, by, comment) : byId(id);
  }

  return {
    raise(input) {
      const now = stamp();
      const text = input.text ?? '';
      const value = input.value ?? '';
      const existing = activeOnTag.get(input.siteUuid, input.tagName);
      if (existing) {
        db.prepare(
          `UPDATE alarms SET alarm_group = ?, text = ?, value = ?, active_at = ?, acked_at = NULL, acked_by = NULL,
           changed_at = ? WHERE id = ?`,
        ).run(input.alarmGroup, text, value, now, now, existing.id);
        return changed(existing.id, 'retriggered', now, null)!;
      }
      const id = randomUUID();
      db.prepare(
        `INSERT INTO alarms (id, site_uuid, alarm_group, tag_name, text, value, alarm_type, active_at, changed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(id, input.siteUuid, input.alarmGroup, input.tagName, text, value, input.alarmType ?? 'limit', now, now);
      return changed(id, 'raised', now, null)!;
    },
    clear: (id) => clear(id),
    clearBy: (id, by, comment) => clear(id, by, comment),
    clearTag(siteUuid, tagName) {
      const existing = activeOnTag.get(siteUuid, tagName);
      return existing ? clear(existing.id) : null;
    },
    acknowledge(id, by, comment) {
      const now = stamp();
      const result = db
        .prepare('UPDATE alarms SET acked_at = ?, acked_by = ?, ack_comment = ?, changed_at = ? WHERE id = ? AND acked_at IS NULL')
        .run(now, by, comment || null, now, id);
      return result.changes > 0 ? changed(id, 'acknowledged', now, by, comment) : byId(id);
    },
    comment(id, by, comment) {
      if (!byId(id)) return null;
      const now = stamp();
      db.prepare('UPDATE alarms SET changed_at = ? WHERE id = ?').run(now, id);
      return changed(id, 'commented', now, by, comment);
    },
    shelve(id, by, until, comment) {
      if (!byId(id)) return null;
      const now = stamp();
      db.prepare('UPDATE alarms SET shelved_until = ?, shelved_by = ?, changed_at = ? WHERE id = ?').run(until, by, now, id);
      return changed(id, 'shelved', now, by, comment, until);
    },
    unshelve(id, by) {
      const now = stamp();
      const result = db.prepare('UPDATE alarms SET shelved_until = NULL, shelved_by = NULL, changed_at = ? WHERE id = ? AND shelved_until IS NOT NULL').run(now, id);
      return result.changes > 0 ? changed(id, 'unshelved', now, by) : byId(id);
    },
    history(id) {
      const recorded = db
        .prepare<[string], HistoryDbRow>('SELECT action, by, comment, until, at FROM alarm_history WHERE alarm_id = ? ORDER BY id')
        .all(id);
      const alarm = byIdStatement.get(id);
      const steps = alarm ? [...stepsBeforeHistory(alarm, recorded), ...recorded] : recorded;
      return steps.map((row) => ({ action: row.action, by: row.by, comment: row.comment, at: iso(row.at)!, until: iso(row.until) }));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    byId,
    list(filter) {
      if (filter.siteUuids.length === 0) return [];
      const where: string[] = [];
      const params: unknown[] = [];
      // A JSON array keeps the statement the same whatever the number of sites.
      where.push('a.site_uuid IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(filter.siteUuids));
      if (filter.alarmGroup !== undefined) {
        where.push('a.alarm_group = ?');
        params.push(filter.alarmGroup);
      }
      if (filter.active === true) where.push('a.inactive_at IS NULL');
      if (filter.active === false) where.push('a.inactive_at IS NOT NULL');
      if (filter.currentOnly) where.push('(a.inactive_at IS NULL OR a.acked_at IS NULL)');
      if (filter.unackedOnly) where.push('a.acked_at IS NULL');
      if (filter.state === 'shelved') {
        where.push('a.shelved_until > ?');
        params.push(clock.now());
      } else if (filter.state !== undefined) {
        const byState: Record<Exclude<AlarmStateFilter, 'shelved'>, string> = {
          unacked: 'a.acked_at IS NULL',
          acked: 'a.acked_at IS NOT NULL',
          active: 'a.inactive_at IS NULL',
          cleared: 'a.inactive_at IS NOT NULL',
        };
        where.push(byState[filter.state]);
      }
      if (filter.tagName !== undefined) {
        where.push('a.tag_name = ?');
        params.push(filter.tagName);
      }
      if (filter.triggeredSince !== undefined) {
        where.push('a.active_at >= ?');
        params.push(filter.triggeredSince);
      }
      if (filter.changedAfter !== undefined) {
        where.push('a.changed_at > ?');
        params.push(filter.changedAfter);
      }
      const sql = `${SELECT} WHERE ${where.join(' AND ')} ORDER BY a.active_at DESC, a.id`;
      let statement = listStatements.get(sql);
      if (!statement) {
        statement = db.prepare<unknown[], AlarmDbRow>(sql);
        listStatements.set(sql, statement);
      }
      return statement.all(...params).map(toRow);
    },
    report(siteUuid) {
      const latest = db
        .prepare<[string], AlarmDbRow>(`${SELECT} WHERE a.site_uuid = ? ORDER BY a.active_at DESC, a.id LIMIT 1`)
        .get(siteUuid);
      const { unacked } = db
        .prepare<[string], { unacked: number }>('SELECT COUNT(*) AS unacked FROM alarms WHERE site_uuid = ? AND acked_at IS NULL')
        .get(siteUuid)!;
      return {
        latestAlarm: latest
          ? {
              active: new Date(latest.active_at).toISOString(),
              inactive: latest.inactive_at === null ? null : new Date(latest.inactive_at).toISOString(),
              alarm_group: latest.alarm_group,
              name: latest.tag_name,
            }
          : null,
        unacked,
      };
    },
    latestChange(siteUuid) {
      return latestChangeStatement.get(siteUuid)?.latest ?? 0;
    },
    activeIds() {
      return db.prepare<[], { id: string }>('SELECT id FROM alarms WHERE inactive_at IS NULL ORDER BY id').all().map((r) => r.id);
    },
    unackedIds() {
      return db.prepare<[], { id: string }>('SELECT id FROM alarms WHERE acked_at IS NULL ORDER BY id').all().map((r) => r.id);
    },
  };
}
