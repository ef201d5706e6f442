import type { FastifyRequest } from 'fastify';
import { auditOriginOf, recordAudit } from '../audit/recordAudit.js';
import type { Tx } from '../storage/transaction.js';

/** A licence generated, renewed or edited, or archived, in the transaction that stores it. */
export async function recordLicenceChange(
  tx: Tx,
  request: FastifyRequest,
  change: { action: 'licence.generate' | 'licence.renew' | 'licence.edit' | 'licence.archive'; partner: string; id: string; summary: string },
): Promise<void> {
  await recordAudit(tx, {
    partnerId: change.partner,
    ...auditOriginOf(request),
    action: change.action,
    objectKind: 'licence',
    objectId: change.id,
    summary: change.summary,
  });
}
