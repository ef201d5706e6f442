import type { Db } from '../storage/db.js';

/** What one step did for one person and channel, or why it did nothing. */
export interface EscalationLogLine {
  round: number;
  /** 0 = the policy's first step. */
  step: number;
  userUid: string | null;
  username: string | null;
  channel: 'sms' | 'mail' | null;
  outcome: 'sent' | 'skipped' | 'stopped';
  /** Why skipped (no-access, missing-phone-number, nobody-on-call, …) or stopped (acknowledged, cleared, shelved, policy-deleted). */
  reason: string | null;
  /** Where it went (an address or number) when sent. */
  to: string | null;
  at: number;
}

export async function recordEscalation(db: Db, escalationId: string, alarmId: string, line: EscalationLogLine): Promise<void> {
  await db
    .insertInto('escalation_log')
    .values({
      escalation_id: escalationId, alarm_id: alarmId, round: line.round, step_index: line.step, user_uid: line.userUid, username: line.username,
      channel: line.channel, outcome: line.outcome, reason: line.reason, recipient: line.to, at: line.at,
    })
    .execute();
}

interface LogRow {
  round: number;
  step_index: number;
  user_uid: string | null;
  username: string | null;
  channel: 'sms' | 'mail' | null;
  outcome: EscalationLogLine['outcome'];
  reason: string | null;
  recipient: string | null;
  at: number | string;
}

/** An alarm's escalation log, oldest first. */
export async function escalationLogOf(db: Db, alarmId: string): Promise<EscalationLogLine[]> {
  const rows = (await db
    .selectFrom('escalation_log')
    .select(['round', 'step_index', 'user_uid', 'username', 'channel', 'outcome', 'reason', 'recipient', 'at'])
    .where('alarm_id', '=', alarmId)
    .orderBy('id')
    .execute()) as LogRow[];
  return rows.map((row) => ({
    round: Number(row.round), step: Number(row.step_index), userUid: row.user_uid, username: row.username, channel: row.channel,
    outcome: row.outcome, reason: row.reason, to: row.recipient, at: Number(row.at),
  }));
}
