import type { AuditQuery } from '@varde/core/contract';

/** What the filter form holds (as typed); `range` is a preset or 'custom' with `from`/`to` (datetime-local). */
export interface AuditFilterForm {
  who: string;
  kind: string;
  object: string;
  range: AuditRange;
  from: string;
  to: string;
}

export const AUDIT_RANGES = ['day', 'week', 'month', 'all', 'custom'] as const;
export type AuditRange = (typeof AUDIT_RANGES)[number];
const RANGE_MS: Partial<Record<AuditRange, number>> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };

/** The object kinds the cloud records, in the order the filter lists them. */
export const AUDIT_KINDS = ['user', 'token', 'service-account', 'alarm', 'licence', 'function', 'mapping', 'site', 'schedule', 'escalation-policy', 'graph', 'group'] as const;

export const EMPTY_FILTERS: AuditFilterForm = { who: '', kind: '', object: '', range: 'week', from: '', to: '' };

/**
 * The read API's query for the form (the user filter resolved separately: an e-mail names a user through
 * the users service). Times from a datetime-local field are the browser's local time.
 */
export function auditQueryOf(form: AuditFilterForm, userId: string | undefined, now: number): AuditQuery {
  const query: AuditQuery = {};
  if (userId) query.userId = userId;
  if (form.kind) query.objectKind = form.kind;
  if (form.object.trim()) query.objectId = form.object.trim();
  const span = RANGE_MS[form.range];
  if (span !== undefined) query.since = String(now - span);
  if (form.range === 'custom') {
    const from = form.from ? new Date(form.from).getTime() : NaN;
    const to = form.to ? new Date(form.to).getTime() : NaN;
    if (Number.isFinite(from)) query.since = String(from);
    if (Number.isFinite(to)) query.until = String(to);
  }
  return query;
}
