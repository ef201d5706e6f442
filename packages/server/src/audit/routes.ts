import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditQuery, servicePathPrefix, type AuditRecordsResponse } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { callerOf } from '../http/caller.js';
import { callerProfile } from '../http/callerProfile.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { readAuditRecords } from './auditStore.js';

/**
 * Whose records the caller reads: a system admin every partner's (null), a partner's admin (a person or
 * a service account with the Admin role) their partner's; anyone else 403.
 */
async function readableScope(ctx: CloudContext, request: FastifyRequest): Promise<string | null> {
  const caller = callerOf(request);
  const profile = await callerProfile(ctx, request);
  if (profile.systemAdmin) return null;
  if (caller.accountRole !== 'Admin') throw new HttpError(403, 'Only an admin reads the audit log');
  return profile.partner;
}

/**
 * GET /cloud/audit/records: the audit log, newest first, a page at a time ({records, nextCursor}).
 * There is no route that edits or deletes a record: old records go only by --audit-retention-days.
 */
export function registerAuditRoutes(app: FastifyInstance, ctx: CloudContext): void {
  void app.register(
    async (api) => {
      api.get('/records', async (request, reply): Promise<AuditRecordsResponse> => {
        const query = parseWith(auditQuery, request.query ?? {});
        const partner = await readableScope(ctx, request);
        reply.header('cache-control', 'no-store');
        return readAuditRecords(ctx.db, { ...query, partner });
      });
    },
    { prefix: servicePathPrefix('audit') },
  );
}
