import { auditRecordsToCsv, listAllAuditRecords, type HttpClient } from '@varde/core';
import type { AuditQuery } from '@varde/core/contract';

/**
 * Every record the filters match, as a CSV file the browser saves (page after page from the read API; the
 * token stays in memory, never in a link). Answers how many records the file holds.
 */
export async function downloadAuditCsv(http: HttpClient, query: AuditQuery, now: Date): Promise<number> {
  const records = await listAllAuditRecords(http, query);
  // A BOM, so that Excel reads the file as UTF-8 (æ, ø, å in names and summaries).
  const blob = new Blob(['\ufeff', auditRecordsToCsv(records)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-log-${now.toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return records.length;
}
