import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { insertWithCommit } from '../storage/deferredInserts.js';
import type { Tx } from '../storage/transaction.js';
import { auditNow } from './auditClock.js';

export interface AuditActor {
  /** a person; a partner's service account; a SCIM directory connection; the cloud itself (timers, leader jobs) */
  kind: 'person' | 'service' | 'directory' | 'system';
  /** the account's uid (person/service), the directory connection's id (directory), null for system */
  id: string | null;
  /** the personal access token's id the request used, or null (session, directory, system) */
  tokenId: string | null;
}

export interface AuditEntry {
  /** the partner the changed thing belongs to (null only for cloud-wide things a system admin changed) */
  partnerId: string | null;
  actor: AuditActor;
  address: string | null; // request.ip
  userAgent: string | null; // request.headers['user-agent'], cut to 200 chars
  /** dotted verb, e.g. 'user.create', 'user.update', 'group.members', 'alarm.acknowledge' */
  action: string;
  objectKind: string; // 'user' | 'group' | 'site' | 'alarm' | 'licence' | ...
  objectId: string | null;
  /** a short human summary of the change; NEVER a password, SMS code or token */
  summary: string;
}

/** What a record's origin may hold at most: a user agent or a summary is a line, not a document. */
export const USER_AGENT_MAX = 200;
export const SUMMARY_MAX = 500;

/**
 * Writes one record inside the transaction of the change it describes (rolls back with it). Nothing reads
 * a record back in its transaction, so in a batched write (the users service) it waits and goes in with
 * the batch's other records in one INSERT just before the commit (storage/deferredInserts.ts).
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  const at = auditNow(tx.db);
  await insertWithCommit(tx, 'audit_records', {
    id: recordId(at),
    at,
    partner_id: entry.partnerId,
    actor_kind: entry.actor.kind,
    actor_id: entry.actor.id,
    token_id: entry.actor.tokenId,
    address: entry.address,
    user_agent: cut(entry.userAgent, USER_AGENT_MAX),
    action: entry.action,
    object_kind: entry.objectKind,
    object_id: entry.objectId,
    summary: cut(entry.summary, SUMMARY_MAX) ?? '',
  });
}

let written = 0;

/**
 * Ids sort in the order records were written: the time (12 hex digits), a counter of this process
 * (records of one millisecond, or of a test clock that stands still), then random bits so that nodes
 * never collide. Hex digits only, all of one length, so every collation orders them alike: the primary
 * key is the newest-first order and the time filter (auditStore.ts).
 */
function recordId(at: number): string {
  written = (written + 1) % 0x1_0000_0000;
  return `${auditIdAt(at)}${written.toString(16).padStart(8, '0')}${randomBytes(8).toString('hex')}`;
}

/** The ids of records written at `ms` start with this; every id below it is of a record written before. */
export function auditIdAt(ms: number): string {
  return Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0').slice(-12);
}

/** actor, address and userAgent of a request whose caller the bearer hook resolved (callerOf). */
export function auditOriginOf(request: FastifyRequest): Pick<AuditEntry, 'actor' | 'address' | 'userAgent'> {
  const caller = request.caller;
  if (!caller) return anonymousOriginOf(request);
  return {
    actor: { kind: caller.accountKind, id: caller.uid, tokenId: caller.tokenId },
    ...placeOf(request),
  };
}

/** The origin of a request made as `uid` before any token names them (sign-in, an acknowledge link). */
export function personOriginOf(request: FastifyRequest, uid: string): Pick<AuditEntry, 'actor' | 'address' | 'userAgent'> {
  return { actor: { kind: 'person', id: uid, tokenId: null }, ...placeOf(request) };
}

/** A request nobody is known to have made (a failed sign-in of an unknown name). */
export function anonymousOriginOf(request: FastifyRequest): Pick<AuditEntry, 'actor' | 'address' | 'userAgent'> {
  return { actor: { kind: 'person', id: null, tokenId: null }, ...placeOf(request) };
}

/** The cloud itself: leader jobs and timers. */
export const systemOrigin: Pick<AuditEntry, 'actor' | 'address' | 'userAgent'> = {
  actor: { kind: 'system', id: null, tokenId: null },
  address: null,
  userAgent: null,
};

function placeOf(request: FastifyRequest): Pick<AuditEntry, 'address' | 'userAgent'> {
  const agent = request.headers['user-agent'];
  return { address: request.ip ?? null, userAgent: cut(typeof agent === 'string' ? agent : null, USER_AGENT_MAX) };
}

function cut(text: string | null, max: number): string | null {
  return text === null ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A change a request made, by the request's caller and from its address: `recordAudit` with the origin filled in. */
export function recordChangeBy(tx: Tx, request: FastifyRequest, change: Omit<AuditEntry, 'actor' | 'address' | 'userAgent'>): Promise<void> {
  return recordAudit(tx, { ...auditOriginOf(request), ...change });
}
