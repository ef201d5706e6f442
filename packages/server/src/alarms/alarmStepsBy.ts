import type { AlarmAuditResponse, AlarmStepBy, AuditRecord } from '@varde/core/contract';
import { latestAuditOf } from '../audit/auditStore.js';
import { accountsByUids } from '../auth/accounts.js';
import type { Db } from '../storage/db.js';

const STEPS = { acknowledged: 'alarm.acknowledge', cleared: 'alarm.clear', shelved: 'alarm.shelve' } as const;

/**
 * Who acknowledged, cleared and shelved an alarm, as the audit log has it (the latest of each): the alarm
 * details name them from the record, which also says whether a token did it. People are named by e-mail.
 */
export async function alarmStepsBy(db: Db, alarmId: string): Promise<AlarmAuditResponse['data']> {
  const found = await latestAuditOf(db, 'alarm', alarmId, Object.values(STEPS));
  const uids = [...new Set(found.map((record) => record.actor.id).filter((uid): uid is string => uid !== null))];
  const emails = new Map((await accountsByUids(db, uids)).map((account) => [account.uid, account.email]));
  const stepBy = (action: string): AlarmStepBy | null => {
    const record: AuditRecord | undefined = found.find((one) => one.action === action);
    if (!record) return null;
    const uid = record.actor.id;
    return { by: (uid && emails.get(uid)) ?? uid ?? record.actor.kind, uid, actorKind: record.actor.kind, tokenId: record.actor.tokenId, at: record.at };
  };
  return { acknowledged: stepBy(STEPS.acknowledged), cleared: stepBy(STEPS.cleared), shelved: stepBy(STEPS.shelved) };
}
