import type { AlarmHistoryEntry } from '@varde/core/contract';
import type { Db } from '../storage/db.js';

interface LogRow {
  round: number;
  step_index: number;
  username: string | null;
  channel: 'sms' | 'mail' | null;
  outcome: 'sent' | 'skipped' | 'stopped';
  reason: string | null;
  recipient: string | null;
  at: number | string;
}

/**
 * An alarm's escalation log (escalation/escalationLog.ts, issue 35) as history entries (action `escalated`),
 * with their times in ms, for the history to merge by time: every step that was sent, skipped or stopped is
 * in the alarm's history as well as in its log. Read from the log's table, so nothing is written twice.
 */
export async function escalationHistoryOf(db: Db, alarmId: string): Promise<Array<{ atMs: number; entry: AlarmHistoryEntry }>> {
  const rows = (await db
    .selectFrom('escalation_log')
    .select(['round', 'step_index', 'username', 'channel', 'outcome', 'reason', 'recipient', 'at'])
    .where('alarm_id', '=', alarmId)
    .orderBy('id')
    .execute()) as LogRow[];
  return rows.map((row) => ({
    atMs: Number(row.at),
    entry: {
      action: 'escalated',
      by: null,
      at: new Date(Number(row.at)).toISOString(),
      comment: null,
      until: null,
      escalation: { round: Number(row.round), step: Number(row.step_index), outcome: row.outcome, channel: row.channel, user: row.username, to: row.recipient, reason: row.reason },
    },
  }));
}
