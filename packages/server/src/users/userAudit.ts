import type { FastifyRequest } from 'fastify';
import type { ManagedUser } from '@varde/core/contract';
import { auditOriginOf, recordAudit } from '../audit/recordAudit.js';
import { callerProfile } from '../http/callerProfile.js';
import { auditPartnerOfUser } from '../audit/auditPartner.js';
import type { CloudServices } from '../services.js';
import type { Tx } from '../storage/transaction.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'>;

/**
 * The users service's audit records, each in the write's own transaction. A record belongs to the
 * changed user's partner; a user made by a partner's admin is that admin's partner's (no read needed).
 */
export async function recordUserChange(
  ctx: Ctx,
  tx: Tx,
  request: FastifyRequest,
  change: { action: string; uid: string; summary: string; partner?: string },
): Promise<void> {
  await recordAudit(tx, {
    partnerId: change.partner ?? (await partnerOfChange(ctx, request, change.uid, tx)),
    ...auditOriginOf(request),
    action: change.action,
    objectKind: 'user',
    objectId: change.uid,
    summary: change.summary,
  });
}

/**
 * Whose records a change of a user is: a partner admin changes only the users they manage, so their own
 * partner's (no read: the route read the caller's profile already); a system admin's change, the user's.
 */
export async function partnerOfChange(ctx: Ctx, request: FastifyRequest, uid: string, tx?: Tx): Promise<string> {
  const profile = await callerProfile(ctx, request);
  return profile.systemAdmin ? auditPartnerOfUser(ctx, uid, tx) : profile.partner;
}

/** What a PATCH changed: each field with its new value, or a count for a set of grants (a PATCH carries no secret). */
export function describeUserPatch(user: ManagedUser, patch: Record<string, unknown>, roleBefore: string | undefined): string {
  const fields = Object.entries(patch)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => {
      if (field === 'role' && roleBefore && roleBefore !== value) return `role ${roleBefore} -> ${String(value)}`;
      if (value === null) return `${field} cleared`;
      if (typeof value === 'object') return `${field} (${Object.keys(value as object).length})`;
      return `${field} ${JSON.stringify(value)}`;
    });
  return `Updated ${user.username}: ${fields.join(', ') || 'nothing'}`;
}
