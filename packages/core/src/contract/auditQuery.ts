import * as z from 'zod/mini';
import './zodLocale.js';
import { AUDIT_PAGE_MAX, auditActorKind } from './audit.js';

// Its own module: a bundle that only reads records (the portal's page) leaves the query's parsing out.

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** An instant as epoch milliseconds or an ISO 8601 time (`2026-11-28T10:00:00Z`). */
const instant = z.pipe(
  z.string().check(z.minLength(1)),
  z.transform((value, context) => {
    const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
    if (!Number.isFinite(ms)) {
      context.issues.push({ code: 'custom', message: 'must be epoch milliseconds or an ISO 8601 time', input: value });
      return z.NEVER;
    }
    return ms;
  }),
);

/** GET /records's query: every filter is optional and they combine with AND; `cursor` continues a page. */
export const auditQuery = z.object({
  actorKind: z.optional(auditActorKind),
  actorId: z.optional(text(200)),
  /** Records by this account or about it (object kind user, service-account). */
  userId: z.optional(text(200)),
  action: z.optional(text(100)),
  objectKind: z.optional(text(100)),
  objectId: z.optional(text(200)),
  since: z.optional(instant),
  until: z.optional(instant),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(AUDIT_PAGE_MAX))),
  cursor: z.optional(text(300)),
});
export type AuditQuery = z.input<typeof auditQuery>;
