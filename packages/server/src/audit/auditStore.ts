import { AUDIT_PAGE_DEFAULT, type AuditActorKind, type AuditRecord, type AuditRecordsResponse } from '@varde/core/contract';
import type { Db } from '../storage/db.js';
import { HttpError } from '../http/HttpError.js';
import { accountsByUids } from '../auth/accounts.js';
import { auditIdAt } from './recordAudit.js';

/** A read of the audit log: filters combine with AND; `partner` null reads every partner's (system admins). */
export interface AuditFilter {
  partner: string | null;
  actorKind?: AuditActorKind;
  actorId?: string;
  userId?: string;
  action?: string;
  objectKind?: string;
  objectId?: string;
  since?: number;
  until?: number;
  limit?: number;
  cursor?: string;
}

/** Object and actor kinds that are accounts, for `userId` (records by the account or about it). */
const ACCOUNT_KINDS = ['user', 'service-account'];
const ACCOUNT_ACTORS = ['person', 'service'];

interface AuditRow {
  id: string;
  at: number | string;
  partner_id: string | null;
  actor_kind: AuditActorKind;
  actor_id: string | null;
  token_id: string | null;
  address: string | null;
  user_agent: string | null;
  action: string;
  object_kind: string;
  object_id: string | null;
  summary: string;
}

/** The cursor is the last record's id (ids sort newest last), opaque to clients. */
function encodeCursor(row: AuditRow): string {
  return Buffer.from(row.id).toString('base64url');
}

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (/^[0-9a-f]{36}$/.test(id)) return id;
  throw new HttpError(400, 'cursor: not a cursor this API gave out');
}

export function recordOfRow(row: AuditRow, emails: ReadonlyMap<string, string> = new Map()): AuditRecord {
  const email = row.actor_id === null ? undefined : emails.get(row.actor_id);
  return {
    id: row.id,
    at: Number(row.at),
    partnerId: row.partner_id,
    actor: { kind: row.actor_kind, id: row.actor_id, tokenId: row.token_id, ...(email ? { email } : {}) },
    address: row.address,
    userAgent: row.user_agent,
    action: row.action,
    objectKind: row.object_kind,
    objectId: row.object_id,
    summary: row.summary,
  };
}

/** One page, newest first (by id, which begins with the time: recordAudit.ts). */
export async function readAuditRecords(db: Db, filter: AuditFilter): Promise<AuditRecordsResponse> {
  const limit = filter.limit ?? AUDIT_PAGE_DEFAULT;
  let query = db.selectFrom('audit_records').selectAll();
  if (filter.partner !== null) query = query.where('partner_id', '=', filter.partner);
  if (filter.actorKind) query = query.where('actor_kind', '=', filter.actorKind);
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.objectKind) query = query.where('object_kind', '=', filter.objectKind);
  if (filter.objectId) query = query.where('object_id', '=', filter.objectId);
  if (filter.userId) {
    // Both halves name the leading columns of an index (by actor, by object).
    const user = filter.userId;
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('actor_kind', 'in', ACCOUNT_ACTORS), eb('actor_id', '=', user)]),
        eb.and([eb('object_kind', 'in', ACCOUNT_KINDS), eb('object_id', '=', user)]),
      ]),
    );
  }
  // Time is the ids' leading part: a range of the primary key.
  if (filter.since !== undefined) query = query.where('id', '>=', auditIdAt(filter.since));
  if (filter.until !== undefined) query = query.where('id', '<', auditIdAt(filter.until));
  if (filter.cursor) query = query.where('id', '<', decodeCursor(filter.cursor));
  const rows = (await query.orderBy('id', 'desc').limit(limit + 1).execute()) as AuditRow[];
  const page = rows.slice(0, limit);
  // People and service accounts by name: one read for the page's actors.
  const actors = [...new Set(page.map((row) => row.actor_id).filter((id): id is string => id !== null))];
  const emails = new Map((await accountsByUids(db, actors)).map((account) => [account.uid, account.email]));
  return { records: page.map((row) => recordOfRow(row, emails)), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}

/** Who last did `actions` to an object, newest first: the alarm details' "acknowledged by". */
export async function latestAuditOf(db: Db, objectKind: string, objectId: string, actions: readonly string[]): Promise<AuditRecord[]> {
  const rows = (await db
    .selectFrom('audit_records')
    .selectAll()
    .where('object_kind', '=', objectKind)
    .where('object_id', '=', objectId)
    .where('action', 'in', [...actions])
    .orderBy('id', 'desc')
    .limit(50)
    .execute()) as AuditRow[];
  return rows.map((row) => recordOfRow(row));
}
