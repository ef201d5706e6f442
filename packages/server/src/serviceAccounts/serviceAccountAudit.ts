import type { FastifyRequest } from 'fastify';
import { auditOriginOf, recordAudit } from '../audit/recordAudit.js';
import type { Tx } from '../storage/transaction.js';

/** A service account made or deleted, in the write's transaction; it belongs to the account's partner. */
export async function recordServiceAccountChange(
  tx: Tx,
  request: FastifyRequest,
  change: { action: 'service-account.create' | 'service-account.delete'; uid: string; partner: string | null; summary: string },
): Promise<void> {
  await recordAudit(tx, {
    partnerId: change.partner,
    ...auditOriginOf(request),
    action: change.action,
    objectKind: 'service-account',
    objectId: change.uid,
    summary: change.summary,
  });
}
