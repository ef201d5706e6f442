import type { FastifyRequest } from 'fastify';
import { auditOriginOf, recordAudit } from '../audit/recordAudit.js';
import type { Tx } from '../storage/transaction.js';

/** A cloud function deployed, deleted or run; it belongs to the function's partner. Never its source. */
export async function recordFunctionChange(
  tx: Tx,
  request: FastifyRequest,
  change: { action: 'function.deploy' | 'function.delete' | 'function.run'; partner: string; name: string; summary: string },
): Promise<void> {
  await recordAudit(tx, {
    partnerId: change.partner,
    ...auditOriginOf(request),
    action: change.action,
    objectKind: 'function',
    objectId: change.name,
    summary: change.summary,
  });
}
