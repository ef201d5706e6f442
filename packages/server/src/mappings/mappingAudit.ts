import type { FastifyRequest } from 'fastify';
import type { Mapping } from '@varde/core/contract';
import { auditOriginOf, recordAudit } from '../audit/recordAudit.js';
import type { Tx } from '../storage/transaction.js';

/**
 * Records a change of a mapping or one of its tables in the write's transaction. The object is the
 * mapping (its uuid), so "what happened to this mapping" is one filter; the summary names the table.
 * The owner is read through the transaction (never the outer database inside one).
 */
export async function recordMappingChange(tx: Tx, request: FastifyRequest, mapping: Mapping, action: string, summary: string): Promise<void> {
  const owner = (await tx.db.selectFrom('mappings').select('partner').where('uuid', '=', mapping.uuid).executeTakeFirst()) as { partner: string } | undefined;
  await recordAudit(tx, {
    partnerId: owner?.partner ?? null,
    ...auditOriginOf(request),
    action,
    objectKind: 'mapping',
    objectId: mapping.uuid,
    summary,
  });
}
