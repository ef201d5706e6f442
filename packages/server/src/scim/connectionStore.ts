import { randomUUID } from 'node:crypto';
import type { DirectoryConnection } from '@varde/core/contract';
import { hashSecret } from '../auth/secrets.js';
import { keptRow, type KeptRowServices } from '../http/keptRows.js';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';
import { newConnectionToken } from './connectionTokens.js';

/** A connection as the SCIM routes need it: who it acts for. */
export interface ScimConnection {
  id: string;
  name: string;
  partner: string;
  /** The partner admin who made it: SCIM writes are checked against their grants (never a system admin's). */
  createdBy: string;
}

interface ConnectionRow {
  id: string;
  name: string;
  partner: string;
  created_by: string;
  created_at: number | string;
  rotated_at: number | string | null;
  revoked_at: number | string | null;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

/** Makes a connection for `partner`; the token is in the answer and nowhere else. */
export async function createConnection(tx: Tx, fields: { name: string; partner: string; createdBy: string }, now: number): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const token = newConnectionToken();
  await tx.db
    .insertInto('scim_connections')
    .values({ id, partner: fields.partner, name: fields.name, token_hash: hashSecret(token), created_by: fields.createdBy, created_at: now, rotated_at: null, revoked_at: null })
    .execute();
  return { id, token };
}

/** A new token for a live connection: the old one stops at once, on every node (the write clears every node's kept connections). */
export async function rotateConnectionToken(tx: Tx, id: string, now: number): Promise<string | null> {
  const token = newConnectionToken();
  const result = await tx.db
    .updateTable('scim_connections')
    .set({ token_hash: hashSecret(token), rotated_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? token : null;
}

/**
 * Revoking keeps the row (the log names it) but its token can never match again: the hash is replaced by
 * a random one nobody holds.
 */
export async function revokeConnection(tx: Tx, id: string, now: number): Promise<boolean> {
  const result = await tx.db
    .updateTable('scim_connections')
    .set({ revoked_at: now, token_hash: hashSecret(`revoked:${id}:${randomUUID()}`) })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The live connection a token belongs to, or null (unknown, rotated away or revoked alike). Kept on each
 * node (http/keptRows.ts) until any connection is rotated or revoked, on any node: every SCIM request
 * asks, and on PostgreSQL a read is a round trip.
 */
export function connectionByToken(ctx: KeptRowServices, token: string): Promise<ScimConnection | null> {
  const tokenHash = hashSecret(token);
  return keptRow(ctx, `scim-connection:${tokenHash}`, async (db) => {
    const row = (await db
      .selectFrom('scim_connections')
      .select(['id', 'name', 'partner', 'created_by'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()) as Pick<ConnectionRow, 'id' | 'name' | 'partner' | 'created_by'> | undefined;
    return row ? { id: row.id, name: row.name, partner: row.partner, createdBy: row.created_by } : null;
  });
}

/** One connection, any partner's (the caller checks the partner). */
export async function connectionById(db: Db, id: string): Promise<(ScimConnection & { revoked: boolean }) | null> {
  const row = (await db.selectFrom('scim_connections').selectAll().where('id', '=', id).executeTakeFirst()) as ConnectionRow | undefined;
  return row ? { id: row.id, name: row.name, partner: row.partner, createdBy: row.created_by, revoked: row.revoked_at !== null } : null;
}

/** A partner's connections (every partner's when null), newest first, with how many users and groups each has. */
export async function listConnections(db: Db, partner: string | null): Promise<DirectoryConnection[]> {
  let query = db.selectFrom('scim_connections').selectAll();
  if (partner !== null) query = query.where('partner', '=', partner);
  const rows = (await query.orderBy('created_at', 'desc').orderBy('id').execute()) as ConnectionRow[];
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const count = async (table: 'scim_users' | 'scim_groups') =>
    new Map(
      ((await db
        .selectFrom(table)
        .select(['connection_id', db.fn.countAll().as('n')])
        .where('connection_id', 'in', ids)
        .groupBy('connection_id')
        .execute()) as Array<{ connection_id: string; n: number | string }>).map((row) => [row.connection_id, Number(row.n)]),
    );
  const [users, groups] = await Promise.all([count('scim_users'), count('scim_groups')]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    partner: row.partner,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    rotatedAt: num(row.rotated_at),
    revokedAt: num(row.revoked_at),
    users: users.get(row.id) ?? 0,
    groups: groups.get(row.id) ?? 0,
  }));
}
