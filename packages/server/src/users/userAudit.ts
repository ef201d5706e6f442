import type { FastifyRequest } from 'fastify';
import type { ManagedUser } from '@varde/core/contract';
import { auditOriginOf, recordAudit } from '../audit/recordAudit.js';
import { callerProfile } from '../http/callerProfile.js';
import { partnerOfUser } from '../partners/partnerScope.js';
import type { CloudServices } from '../services.js';
import type { Tx } from '../storage/transaction.js';

type Ctx = Pick<CloudServices, 'realtime'>;

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
    partnerId: change.partner ?? (await partnerOfUser(ctx, change.uid, tx)),
    ...auditOriginOf(request),
    action: change.action,
    objectKind: 'user',
    objectId: change.uid,
    summary: change.summary,
  });
}

/** The partner a new user of the caller's belongs to: a partner admin's own; for a system admin, read. */
export async function partnerOfNewUser(ctx: Ctx, request: FastifyRequest, created: ManagedUser, tx: Tx): Promise<string> {
  const profile = await callerProfile(ctx, request);
  return profile.systemAdmin ? partnerOfUser(ctx, created.uid, tx) : profile.partner;
}

/** What a PATCH changed, by field name (never the values of secrets: a PATCH carries none). */
export function describeUserPatch(user: ManagedUser, patch: Record<string, unknown>, roleBefore: string | undefined): string {
  const fields = Object.keys(patch).filter((field) => patch[field] !== undefined);
  const role = roleBefore && roleBefore !== user.role ? `; role ${roleBefore} -> ${user.role}` : '';
  return `Updated ${user.username}: ${fields.join(', ') || 'nothing'}${role}`;
}
