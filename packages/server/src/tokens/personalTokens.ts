import { randomUUID } from 'node:crypto';
import { DEFAULT_TOKEN_DAYS, type AccessTokenInfo, type CreatedToken, type Role, type TokenScope } from '@varde/core/contract';
import { hashSecret } from '../auth/secrets.js';
import { HttpError } from '../http/HttpError.js';
import type { Db } from '../storage/db.js';
import { isUniqueViolation } from '../storage/executeResults.js';
import { newPersonalAccessToken } from './patFormat.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Last-used is written at most this often per token: a busy script must not make every read a write. */
export const LAST_USED_RESOLUTION_MS = 60_000;

interface TokenRow {
  id: string;
  name: string;
  scope: TokenScope;
  created_at: number | string;
  expires_at: number | string | null;
  last_used_at: number | string | null;
  last_used_address: string | null;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

function toInfo(row: TokenRow): AccessTokenInfo {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: Number(row.created_at),
    expiresAt: num(row.expires_at),
    lastUsedAt: num(row.last_used_at),
    lastUsedAddress: row.last_used_address,
  };
}

const INFO_COLUMNS = ['id', 'name', 'scope', 'created_at', 'expires_at', 'last_used_at', 'last_used_address'] as const;

export interface NewToken {
  uid: string;
  name: string;
  scope?: TokenScope;
  /** Undefined: the default; null: never expires (checked by the caller: service accounts only). */
  expiresInDays?: number | null;
}

/** Makes a token; its secret is in the answer and nowhere else. A name is unique per account. */
export async function createPersonalToken(db: Db, request: NewToken, now: number): Promise<CreatedToken> {
  const token = newPersonalAccessToken();
  const days = request.expiresInDays === undefined ? DEFAULT_TOKEN_DAYS : request.expiresInDays;
  const row = {
    id: randomUUID(),
    uid: request.uid,
    name: request.name,
    token_hash: hashSecret(token),
    scope: request.scope ?? 'write',
    created_at: now,
    expires_at: days === null ? null : now + days * DAY_MS,
    last_used_at: null,
    last_used_address: null,
  };
  try {
    await db.insertInto('access_tokens').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, `A token named "${request.name}" exists already; choose another name or revoke it first`);
    throw error;
  }
  return { ...toInfo(row), token };
}

export async function listPersonalTokens(db: Db, uid: string): Promise<AccessTokenInfo[]> {
  const rows = (await db.selectFrom('access_tokens').select(INFO_COLUMNS).where('uid', '=', uid).orderBy('created_at').orderBy('id').execute()) as TokenRow[];
  return rows.map(toInfo);
}

/** How many tokens each of these accounts has (the service-account list). */
export async function tokenCounts(db: Db, uids: readonly string[]): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .selectFrom('access_tokens')
    .select(['uid', (eb) => eb.fn.countAll().as('count')])
    .where('uid', 'in', uids)
    .groupBy('uid')
    .execute();
  return new Map(rows.map((row) => [String(row.uid), Number(row.count)]));
}

/** Revokes one of the account's tokens, named by id or by name; false when it has none such. */
export async function revokePersonalToken(db: Db, uid: string, idOrName: string): Promise<boolean> {
  const result = await db
    .deleteFrom('access_tokens')
    .where('uid', '=', uid)
    .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What a presented token stands for, read with its account in one statement. */
export interface TokenHolder {
  tokenId: string;
  uid: string;
  scope: TokenScope;
  role: Role;
  kind: 'person' | 'service';
  lastUsedAt: number | null;
  /** When the token stops working; null for a service account's token made without an end. */
  expiresAt: number | null;
}

/** The live token with this secret, or null (unknown, expired, or its account disabled). */
export async function tokenHolder(db: Db, token: string, now: number): Promise<TokenHolder | null> {
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('accounts as a', 'a.uid', 't.uid')
    .select(['t.id', 't.uid', 't.scope', 't.expires_at', 't.last_used_at', 'a.role', 'a.kind'])
    .where('t.token_hash', '=', hashSecret(token))
    // A disabled account's tokens stop with its sessions (an import's --prune disable, the users service).
    .where('a.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at !== null && Number(row.expires_at) <= now) return null;
  return {
    tokenId: String(row.id),
    uid: String(row.uid),
    scope: row.scope as TokenScope,
    role: row.role as Role,
    kind: row.kind === 'service' ? 'service' : 'person',
    lastUsedAt: num(row.last_used_at),
    expiresAt: num(row.expires_at),
  };
}

export async function recordTokenUse(db: Db, tokenId: string, now: number, address: string): Promise<void> {
  await db.updateTable('access_tokens').set({ last_used_at: now, last_used_address: address }).where('id', '=', tokenId).execute();
}
