import type { FastifyRequest } from 'fastify';
import { auditOriginOf, personOriginOf, recordAudit, type AuditEntry } from '../audit/recordAudit.js';
import type { AlarmAudit } from './alarmStore.js';

/** The audit action of each operator step (the alarm's history has the step too; the log says who and from where). */
const ACTIONS: Record<string, string> = {
  acknowledged: 'alarm.acknowledge',
  cleared: 'alarm.clear',
  shelved: 'alarm.shelve',
  unshelved: 'alarm.unshelve',
};

function auditWith(origin: Pick<AuditEntry, 'actor' | 'address' | 'userAgent'>, partnerId: string, how = ''): AlarmAudit {
  return async (tx, alarm, step) => {
    const action = ACTIONS[step];
    if (!action) return;
    const until = step === 'shelved' && alarm.shelvedUntil ? ` until ${alarm.shelvedUntil}` : '';
    await recordAudit(tx, {
      partnerId,
      ...origin,
      action,
      objectKind: 'alarm',
      objectId: alarm.id,
      summary: `${step[0]!.toUpperCase()}${step.slice(1)} ${alarm.tagName} on site ${alarm.siteUuid}${until}${how}`,
    });
  };
}

/** An operator's change through the alarms service; the record belongs to the operator's partner. */
export function alarmAuditOf(request: FastifyRequest, partnerId: string): AlarmAudit {
  return auditWith(auditOriginOf(request), partnerId);
}

/** An acknowledgement from an escalation message's link (/a/<token>): in the recipient's name. */
export function ackLinkAuditOf(request: FastifyRequest, uid: string, partnerId: string): AlarmAudit {
  return auditWith(personOriginOf(request, uid), partnerId, ' (from the link in an escalation message)');
}
