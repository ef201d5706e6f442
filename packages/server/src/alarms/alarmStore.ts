import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AlarmHistoryEntry, AlarmReport, AlarmRow, AlarmStateFilter } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { isUniqueViolation, touched } from '../storage/executeResults.js';
import { inTransaction, type Tx } from '../storage/transaction.js';
import { siteAlarmReport } from './siteAlarmReport.js';
import { escalationHistoryOf } from './escalationHistory.js';

/** Writes the audit record of an operator's change inside its transaction (alarms/alarmAudit.ts makes one). */
export type AlarmAudit = (tx: Tx, alarm: AlarmRow, action: AlarmHistoryEntry['action']) => Promise<void>;

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
  /** Only these sites (already limited to what the caller may see); null: every site (a system admin's). */
  siteUuids: readonly string[] | null;
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
  raise(input: RaiseAlarmInput): Promise<AlarmRow>;
  /** Clears an active alarm; null when there is no such alarm. Clearing a cleared alarm changes nothing. */
  clear(id: string): Promise<AlarmRow | null>;
  /** Clears the active alarm of a site's tag; null when none is active. */
  clearTag(siteUuid: string, tagName: string): Promise<AlarmRow | null>;
  /** Acknowledges (once; a second acknowledgement changes nothing). `audit` records who, in the change's transaction. */
  acknowledge(id: string, by: string, comment?: string, audit?: AlarmAudit): Promise<AlarmRow | null>;
  /** An operator clears the alarm (its history says who). */
  clearBy(id: string, by: string, comment?: string, audit?: AlarmAudit): Promise<AlarmRow | null>;
  comment(id: string, by: string, comment: string): Promise<AlarmRow | null>;
  /** Hides the alarm from the table until `until` (epoch ms); the table shows it again by itself then. */
  shelve(id: string, by: string, until: number, comment?: string, audit?: AlarmAudit): Promise<AlarmRow | null>;
  unshelve(id: string, by: string, audit?: AlarmAudit): Promise<AlarmRow | null>;
  /** Every step of the alarm's life, oldest first. */
  history(id: string): Promise<AlarmHistoryEntry[]>;
  /** Called after the commit of every change of an alarm (raise, clear, acknowledge, comment, shelve): server push. */
  onChange(listener: (change: { siteUuid: string; alarmId: string }) => void): () => void;
  /** Another node changed this alarm (it is committed): the listeners hear of it as of a change here. */
  announce(change: { siteUuid: string; alarmId: string }): void;
  /** Alarms changed at or after `since` (ms): what a node re-announces after it missed notifications. */
  changedSince(since: number): Promise<Array<{ siteUuid: string; alarmId: string }>>;
  byId(id: string): Promise<AlarmRow | null>;
  /** Newest trigger first. */
  list(filter: AlarmFilter): Promise<AlarmRow[]>;
  report(siteUuid: string): Promise<AlarmReport>;
  /** Epoch ms of the site's latest alarm change (0 when it never had one). */
  latestChange(siteUuid: string): Promise<number>;
  /** latestChange of several sites in one query (sites without alarms are left out). */
  latestChanges(siteUuids: readonly string[]): Promise<Map<string, number>>;
  /** Active alarms of every site (the simulation clears them). */
  activeIds(): Promise<string[]>;
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

/** Alarms with their site's name. */
const selectAlarms = (db: Db) =>
  db.selectFrom('alarms as a').innerJoin('sites as s', 's.uuid', 'a.site_uuid').selectAll('a').select('s.name as site_name');

async function alarmById(db: Db, id: string): Promise<AlarmDbRow | undefined> {
  return (await selectAlarms(db).where('a.id', '=', id).executeTakeFirst()) as AlarmDbRow | undefined;
}

/** What each operator state filter asks of a row (shelved is compared with the time). */
const STATE_WHERE = {
  unacked: ['a.acked_at', 'is'],
  acked: ['a.acked_at', 'is not'],
  active: ['a.inactive_at', 'is'],
  cleared: ['a.inactive_at', 'is not'],
} as const satisfies Record<Exclude<AlarmStateFilter, 'shelved'>, readonly [string, 'is' | 'is not']>;

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
  const byId = async (id: string, from: Db = db) => {
    const row = await alarmById(from, id);
    return row ? toRow(row) : null;
  };
  // A change must be newer than the previous one, whichever node made it, so latestTimestamp
  // comparisons never miss one. The last stamp is a row: taking the next one locks it until the
  // change commits, so stamps follow the order of the commits a poller can see (on SQLite transactions
  // run one at a time anyway).
  const stamp = async (tx: Tx): Promise<number> => {
    const now = clock.now();
    const row = (await tx.db
      .updateTable('alarm_stamp')
      .set({ last: sql`CASE WHEN last + 1 > ${now} THEN last + 1 ELSE ${now} END` })
      .where('id', '=', 1)
      .returning('last')
      .executeTakeFirstOrThrow()) as { last: number | string };
    return Number(row.last);
  };
  const listeners = new Set<(change: { siteUuid: string; alarmId: string }) => void>();

  /** One change of an alarm, in a transaction; its listeners hear of it after the commit. */
  const change = (work: (tx: Tx, now: number) => Promise<AlarmRow | null>) => inTransaction(db, async (tx) => work(tx, await stamp(tx)));

  /** Records the step and (after the commit) tells the listeners; returns the alarm as it is now. */
  async function changed(tx: Tx, id: string, action: AlarmHistoryEntry['action'], at: number, by: string | null, comment?: string, until?: number, audit?: AlarmAudit): Promise<AlarmRow | null> {
    await tx.db
      .insertInto('alarm_history')
      .values({ alarm_id: id, action, by, comment: comment === undefined || comment === '' ? null : comment, until: until ?? null, at })
      .execute();
    const row = await byId(id, tx.db);
    if (row && audit) await audit(tx, row, action);
    if (row) {
      const event = { siteUuid: row.siteUuid, alarmId: id };
      tx.afterCommit(() => {
        for (const listener of [...listeners]) listener(event);
      });
    }
    return row;
  }

  async function clearIn(tx: Tx, now: number, id: string, by: string | null = null, comment?: string, audit?: AlarmAudit): Promise<AlarmRow | null> {
    const result = await tx.db
      .updateTable('alarms')
      .set({ inactive_at: now, changed_at: now })
      .where('id', '=', id)
      .where('inactive_at', 'is', null)
      .executeTakeFirst();
    return touched(result) > 0 ? changed(tx, id, 'cleared', now, by, comment, undefined, audit) : byId(id, tx.db);
  }

  /** The tag's active alarm, if any (at most one: raise re-triggers it rather than adding another). */
  async function activeOnTag(from: Db, siteUuid: string, tagName: string): Promise<string | undefined> {
    const row = await from
      .selectFrom('alarms')
      .select('id')
      .where('site_uuid', '=', siteUuid)
      .where('tag_name', '=', tagName)
      .where('inactive_at', 'is', null)
      .executeTakeFirst();
    return (row as { id: string } | undefined)?.id;
  }

  /**
   * Check-then-write, so one transaction: two raises of the same tag must not both find no active
   * alarm and both insert one. On SQLite transactions run one at a time; PostgreSQL needs the unique
   * index on a tag's active alarm as well, which refuses the second insert (see raise).
   */
  function raiseOnce(input: RaiseAlarmInput): Promise<AlarmRow> {
    return change(async (tx, now) => {
      const text = input.text ?? '';
      const value = input.value ?? '';
      const existing = await activeOnTag(tx.db, input.siteUuid, input.tagName);
      if (existing) {
        await tx.db
          .updateTable('alarms')
          .set({ alarm_group: input.alarmGroup, text, value, active_at: now, acked_at: null, acked_by: null, changed_at: now })
          .where('id', '=', existing)
          .execute();
        return changed(tx, existing, 'retriggered', now, null);
      }
      const id = randomUUID();
      await tx.db
        .insertInto('alarms')
        .values({
          id,
          site_uuid: input.siteUuid,
          alarm_group: input.alarmGroup,
          tag_name: input.tagName,
          text,
          value,
          alarm_type: input.alarmType ?? 'limit',
          active_at: now,
          changed_at: now,
        })
        .execute();
      return changed(tx, id, 'raised', now, null);
    }) as Promise<AlarmRow>;
  }

  return {
    async raise(input) {
      try {
        return await raiseOnce(input);
      } catch (error) {
        // A concurrent raise inserted the tag's active alarm first (the unique index refused this
        // one's, PostgreSQL): once more, this raise finds it and re-triggers it.
        if (!isUniqueViolation(error)) throw error;
        return raiseOnce(input);
      }
    },
    clear: (id) => change((tx, now) => clearIn(tx, now, id)),
    clearBy: (id, by, comment, audit) => change((tx, now) => clearIn(tx, now, id, by, comment, audit)),
    clearTag: (siteUuid, tagName) =>
      change(async (tx, now) => {
        const existing = await activeOnTag(tx.db, siteUuid, tagName);
        return existing ? clearIn(tx, now, existing) : null;
      }),
    acknowledge: (id, by, comment, audit) =>
      change(async (tx, now) => {
        const result = await tx.db
          .updateTable('alarms')
          .set({ acked_at: now, acked_by: by, ack_comment: comment || null, changed_at: now })
          .where('id', '=', id)
          .where('acked_at', 'is', null)
          .executeTakeFirst();
        return touched(result) > 0 ? changed(tx, id, 'acknowledged', now, by, comment, undefined, audit) : byId(id, tx.db);
      }),
    comment: (id, by, comment) =>
      change(async (tx, now) => {
        const result = await tx.db.updateTable('alarms').set({ changed_at: now }).where('id', '=', id).executeTakeFirst();
        return touched(result) > 0 ? changed(tx, id, 'commented', now, by, comment) : null;
      }),
    shelve: (id, by, until, comment, audit) =>
      change(async (tx, now) => {
        const result = await tx.db
          .updateTable('alarms')
          .set({ shelved_until: until, shelved_by: by, changed_at: now })
          .where('id', '=', id)
          .executeTakeFirst();
        return touched(result) > 0 ? changed(tx, id, 'shelved', now, by, comment, until, audit) : null;
      }),
    unshelve: (id, by, audit) =>
      change(async (tx, now) => {
        const result = await tx.db
          .updateTable('alarms')
          .set({ shelved_until: null, shelved_by: null, changed_at: now })
          .where('id', '=', id)
          .where('shelved_until', 'is not', null)
          .executeTakeFirst();
        return touched(result) > 0 ? changed(tx, id, 'unshelved', now, by, undefined, undefined, audit) : byId(id, tx.db);
      }),
    async history(id) {
      const recorded = (await db
        .selectFrom('alarm_history')
        .select(['action', 'by', 'comment', 'until', 'at'])
        .where('alarm_id', '=', id)
        .orderBy('id')
        .execute()) as HistoryDbRow[];
      const alarm = await alarmById(db, id);
      const steps = alarm ? [...stepsBeforeHistory(alarm, recorded), ...recorded] : recorded;
      const history = steps.map((row) => ({ atMs: Number(row.at), entry: { action: row.action, by: row.by, comment: row.comment, at: iso(row.at)!, until: iso(row.until) } as AlarmHistoryEntry }));
      // Escalation steps (issue 35) by time among the rest. At the same moment (a test clock standing still) a step
      // comes after what raised the alarm and before what people did about it.
      const rank = (entry: AlarmHistoryEntry) => (entry.action === 'raised' || entry.action === 'retriggered' ? 0 : entry.action === 'escalated' ? 1 : 2);
      return [...history, ...(await escalationHistoryOf(db, id))]
        .map((item, order) => ({ ...item, order }))
        .sort((a, b) => a.atMs - b.atMs || rank(a.entry) - rank(b.entry) || a.order - b.order)
        .map((item) => item.entry);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce(change) {
      for (const listener of [...listeners]) listener(change);
    },
    async changedSince(since) {
      const rows = (await db.selectFrom('alarms').select(['id', 'site_uuid']).where('changed_at', '>=', since).orderBy('changed_at').execute()) as Array<{ id: string; site_uuid: string }>;
      return rows.map((row) => ({ siteUuid: row.site_uuid, alarmId: row.id }));
    },
    byId: (id) => byId(id),
    async list(filter) {
      if (filter.siteUuids !== null && filter.siteUuids.length === 0) return [];
      let query = selectAlarms(db);
      if (filter.siteUuids !== null) query = query.where('a.site_uuid', 'in', filter.siteUuids);
      if (filter.alarmGroup !== undefined) query = query.where('a.alarm_group', '=', filter.alarmGroup);
      if (filter.active === true) query = query.where('a.inactive_at', 'is', null);
      if (filter.active === false) query = query.where('a.inactive_at', 'is not', null);
      if (filter.currentOnly) query = query.where((eb) => eb.or([eb('a.inactive_at', 'is', null), eb('a.acked_at', 'is', null)]));
      if (filter.unackedOnly) query = query.where('a.acked_at', 'is', null);
      if (filter.state === 'shelved') query = query.where('a.shelved_until', '>', clock.now());
      else if (filter.state !== undefined) {
        const [column, is] = STATE_WHERE[filter.state];
        query = query.where(column, is, null);
      }
      if (filter.tagName !== undefined) query = query.where('a.tag_name', '=', filter.tagName);
      if (filter.triggeredSince !== undefined) query = query.where('a.active_at', '>=', filter.triggeredSince);
      if (filter.changedAfter !== undefined) query = query.where('a.changed_at', '>', filter.changedAfter);
      const rows = (await query.orderBy('a.active_at', 'desc').orderBy('a.id').execute()) as AlarmDbRow[];
      return rows.map(toRow);
    },
    report: (siteUuid) => siteAlarmReport(db, siteUuid),
    async latestChange(siteUuid) {
      // Asked for a site on every poll of a table (90 sites every 3 s): one indexed query.
      const row = await db
        .selectFrom('alarms')
        .select((eb) => eb.fn.max('changed_at').as('latest'))
        .where('site_uuid', '=', siteUuid)
        .executeTakeFirst();
      return Number((row as { latest: number | string | null } | undefined)?.latest ?? 0);
    },
    async latestChanges(siteUuids) {
      if (siteUuids.length === 0) return new Map();
      const rows = (await db
        .selectFrom('alarms')
        .select((eb) => ['site_uuid', eb.fn.max('changed_at').as('latest')])
        .where('site_uuid', 'in', siteUuids)
        .groupBy('site_uuid')
        .execute()) as Array<{ site_uuid: string; latest: number | string }>;
      return new Map(rows.map((row) => [row.site_uuid, Number(row.latest)]));
    },
    async activeIds() {
      const rows = await db.selectFrom('alarms').select('id').where('inactive_at', 'is', null).orderBy('id').execute();
      return rows.map((row) => (row as { id: string }).id);
    },
  };
}
