import { AUDIT_CSV_COLUMNS, AUDIT_PAGE_MAX, alarmAuditResponse, auditRecordsResponse, type AlarmAuditResponse, type AuditRecord, type AuditRecordsResponse } from '../contract/audit.js';
import type { AuditQuery } from '../contract/auditQuery.js';
import type { HttpClient } from '../http/createHttpClient.js';

/**
 * The audit log's read API (contract/audit.ts): GET /records on the audit service, newest first, a page
 * at a time. Admins only: a partner's admins read their partner's records, a system admin everyone's.
 */
const AUDIT = 'audit';

export interface AuditCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

function queryOf(query: AuditQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') out[key] = String(value);
  return out;
}

/** One page of records matching `query`; pass its `nextCursor` as `cursor` for the next. */
export function listAuditRecords(http: HttpClient, query: AuditQuery = {}, options: AuditCallOptions = {}): Promise<AuditRecordsResponse> {
  return http.request(AUDIT, '/records', { query: queryOf(query), schema: auditRecordsResponse, ...options });
}

/** Every record matching `query` (page after page), up to `max`: for exports. */
export async function listAllAuditRecords(http: HttpClient, query: AuditQuery = {}, max = 100_000, options: AuditCallOptions = {}): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAuditRecords(http, { ...query, limit: AUDIT_PAGE_MAX, ...(cursor ? { cursor } : {}) }, options);
    records.push(...page.records);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && records.length < max);
  return records.slice(0, max);
}

/** Records as CSV (RFC 4180, `\r\n`), the columns of AUDIT_CSV_COLUMNS; times in ISO 8601 UTC. */
export function auditRecordsToCsv(records: readonly AuditRecord[]): string {
  const rows = records.map((record) => {
    const cells: Record<(typeof AUDIT_CSV_COLUMNS)[number], string | null> = {
      at: new Date(record.at).toISOString(),
      partnerId: record.partnerId,
      actorKind: record.actor.kind,
      actorId: record.actor.id,
      actorEmail: record.actor.email ?? null,
      tokenId: record.actor.tokenId,
      address: record.address,
      userAgent: record.userAgent,
      action: record.action,
      objectKind: record.objectKind,
      objectId: record.objectId,
      summary: record.summary,
    };
    return AUDIT_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(',');
  });
  return [AUDIT_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/**
 * Quoted when needed; a cell a spreadsheet would read as a formula (=, +, -, @ first) gets a leading
 * apostrophe, since summaries and user agents are text other people typed.
 */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** GET /alarms/{id}/audit on the alarms service: who last acknowledged, cleared and shelved the alarm, from the audit log. */
export async function alarmStepsBy(http: HttpClient, alarmId: string, options: AuditCallOptions = {}): Promise<AlarmAuditResponse['data']> {
  return (await http.request('alarms', `/alarms/${encodeURIComponent(alarmId)}/audit`, { schema: alarmAuditResponse, ...options })).data;
}
