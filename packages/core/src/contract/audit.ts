import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * The audit log (issue 36): who changed what, when and from where. Records are written by the cloud in
 * the transaction of each change and never edited; GET /records reads them newest first. A system admin
 * reads every partner's, a partner's admins their partner's, anyone else is refused (403).
 */
export const auditActorKinds = ['person', 'service', 'directory', 'system'] as const;
export const auditActorKind = z.enum(auditActorKinds);
export type AuditActorKind = z.infer<typeof auditActorKind>;

/** A page holds at most this many records; CSV exports read page by page. */
export const AUDIT_PAGE_MAX = 500;
export const AUDIT_PAGE_DEFAULT = 100;

export const auditRecord = z.object({
  id: z.string(),
  /** Epoch milliseconds, by the cloud's clock. */
  at: z.number(),
  partnerId: z.nullable(z.string()),
  /** `email`: the account's sign-in name when it still exists (a person's e-mail; shown instead of the id). */
  actor: z.object({ kind: auditActorKind, id: z.nullable(z.string()), tokenId: z.nullable(z.string()), email: z.optional(z.string()) }),
  address: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  action: z.string(),
  objectKind: z.string(),
  objectId: z.nullable(z.string()),
  summary: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

/** Newest first; `nextCursor` is null on the last page. */
export const auditRecordsResponse = z.object({ records: z.array(auditRecord), nextCursor: z.nullable(z.string()) });
export type AuditRecordsResponse = z.infer<typeof auditRecordsResponse>;

/** The CSV export's columns, in order (GET /records.csv, the CLI's and the portal's exports). */
export const AUDIT_CSV_COLUMNS = ['at', 'partnerId', 'actorKind', 'actorId', 'actorEmail', 'tokenId', 'address', 'userAgent', 'action', 'objectKind', 'objectId', 'summary'] as const;

/** Who did one operator step to an alarm, from the audit log: a person's e-mail (or the account's id), when, and with which token. */
export const alarmStepBy = z.object({
  by: z.string(),
  uid: z.nullable(z.string()),
  actorKind: auditActorKind,
  tokenId: z.nullable(z.string()),
  /** Epoch milliseconds. */
  at: z.number(),
});
export type AlarmStepBy = z.infer<typeof alarmStepBy>;

/** GET /alarms/{id}/audit on the alarms service: the latest acknowledge, clear and shelve of the alarm (null: none recorded). */
export const alarmAuditResponse = z.object({
  data: z.object({ acknowledged: z.nullable(alarmStepBy), cleared: z.nullable(alarmStepBy), shelved: z.nullable(alarmStepBy) }),
});
export type AlarmAuditResponse = z.infer<typeof alarmAuditResponse>;
