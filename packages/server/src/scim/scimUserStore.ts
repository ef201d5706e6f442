import { sql } from 'kysely';
import { ACCOUNT_COLUMNS, toRecord, type AccountRecord, type AccountRow } from '../auth/accounts.js';
import { compiledOnce } from '../storage/compiledOnce.js';
import type { Db } from '../storage/db.js';
import { insertWithCommit } from '../storage/deferredInserts.js';
import type { Tx } from '../storage/transaction.js';
import type { GroupRef, StoredScimUser } from './userResource.js';

interface UserRow {
  uid: string;
  email: string;
  disabled_at: number | string | null;
  external_id: string | null;
  attributes: string;
  version: number | string;
  created_at: number | string;
  updated_at: number | string;
}

const COLUMNS = ['s.uid', 'a.email', 'a.disabled_at', 's.external_id', 's.attributes', 's.version', 's.created_at', 's.updated_at'] as const;

function toUser(row: UserRow): StoredScimUser {
  return {
    uid: row.uid,
    email: row.email,
    disabled: row.disabled_at !== null,
    externalId: row.external_id,
    attributes: JSON.parse(row.attributes) as Record<string, unknown>,
    version: Number(row.version),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** Directory users with their accounts, of every partner. */
const directoryUsers = (db: Db) => db.selectFrom('scim_users as s').innerJoin('accounts as a', 'a.uid', 's.uid').select([...COLUMNS]);

function usersOf(db: Db, partner: string) {
  return directoryUsers(db).where('s.partner', '=', partner);
}

/** One of the partner's directory users, or null (another partner's are null too). */
export async function scimUserByUid(db: Db, partner: string, uid: string): Promise<StoredScimUser | null> {
  const row = (await usersOf(db, partner).where('s.uid', '=', uid).executeTakeFirst()) as UserRow | undefined;
  return row ? toUser(row) : null;
}

/**
 * A directory's GET by userName before each create: compiled once (storage/compiledOnce.ts). By the
 * e-mail alone, the partner checked in the node: with `partner =` in the statement, the generic plan
 * PostgreSQL keeps for it from a directory's first requests (tables nearly empty, no statistics yet)
 * read every user of the partner by its index, 1 ms a GET at 2,000 users and growing with each.
 */
const userByEmail = compiledOnce((db, email: string) => directoryUsers(db).select('s.partner').where(sql`lower(a.email)`, '=', sql`lower(${email})`).limit(1));

/** By sign-in e-mail, any case (the accounts' index on lower(email)); another partner's user is null. */
export async function scimUserByEmail(db: Db, partner: string, email: string): Promise<StoredScimUser | null> {
  const [row] = (await userByEmail(db, email.trim())).rows as Array<UserRow & { partner: string }>;
  return row && row.partner === partner ? toUser(row) : null;
}

export async function scimUserByExternalId(db: Db, partner: string, externalId: string): Promise<StoredScimUser | null> {
  const row = (await usersOf(db, partner).where('s.external_id', '=', externalId).executeTakeFirst()) as UserRow | undefined;
  return row ? toUser(row) : null;
}

/** What a new user's userName and externalId meet already (see claimsOf). */
export interface Claims {
  /** The account that signs in with the userName, if any. */
  account: AccountRecord | null;
  /** Whether that account is already one of this partner's directory users. */
  linkedHere: boolean;
  /** The partner's directory user that holds the externalId, if any. */
  externalIdHolder: string | null;
}

const CLAIM_COLUMNS = ACCOUNT_COLUMNS.map((column) => `a.${column}` as const);
const accountByEmail = (db: Db, email: string) =>
  db
    .selectFrom('accounts as a')
    .leftJoin('scim_users as s', 's.uid', 'a.uid')
    .select([...CLAIM_COLUMNS, 's.partner as link_partner', sql<string>`'email'`.as('hit')])
    .where(sql`lower(a.email)`, '=', sql`lower(${email})`);
// Run before every create of a directory: compiled once (storage/compiledOnce.ts).
const claimsByEmail = compiledOnce(accountByEmail);
const claimsByEmailOrExternalId = compiledOnce((db, email: string, partner: string, externalId: string) =>
  accountByEmail(db, email).unionAll(
    db
      .selectFrom('scim_users as s')
      .innerJoin('accounts as a', 'a.uid', 's.uid')
      .select([...CLAIM_COLUMNS, 's.partner as link_partner', sql<string>`'externalId'`.as('hit')])
      .where('s.partner', '=', partner)
      .where('s.external_id', '=', externalId),
  ),
);

/**
 * The checks before a create, in one statement (the account by e-mail, any case, with its link; the
 * externalId's holder): on PostgreSQL each statement is a round trip.
 */
export async function claimsOf(db: Db, partner: string, email: string, externalId: string | null): Promise<Claims> {
  const found = await (externalId === null ? claimsByEmail(db, email.trim()) : claimsByEmailOrExternalId(db, email.trim(), partner, externalId));
  const rows = found.rows as Array<AccountRow & { link_partner: string | null; hit: string }>;
  const emailRow = rows.find((row) => row.hit === 'email');
  return {
    account: emailRow ? toRecord(emailRow) : null,
    linkedHere: emailRow?.link_partner === partner,
    externalIdHolder: rows.find((row) => row.hit === 'externalId')?.uid ?? null,
  };
}

/** Every directory user of the partner, oldest first (a list's order must hold from page to page). */
export async function scimUsersOf(db: Db, partner: string): Promise<StoredScimUser[]> {
  const rows = (await usersOf(db, partner).orderBy('s.created_at').orderBy('s.uid').execute()) as UserRow[];
  return rows.map(toUser);
}

/** The directory groups of each user, for the read-only `groups` attribute. */
export async function groupRefsOf(db: Db, uids: readonly string[]): Promise<Map<string, GroupRef[]>> {
  const refs = new Map<string, GroupRef[]>(uids.map((uid) => [uid, []]));
  for (let start = 0; start < uids.length; start += 500) {
    const rows = (await db
      .selectFrom('scim_group_members as m')
      .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
      .select(['m.uid', 'g.id', 'g.display_name'])
      .where('m.uid', 'in', uids.slice(start, start + 500))
      .orderBy('g.display_name')
      .execute()) as Array<{ uid: string; id: string; display_name: string }>;
    for (const row of rows) refs.get(row.uid)?.push({ value: row.id, display: row.display_name });
  }
  return refs;
}

export interface ScimUserLink {
  uid: string;
  partner: string;
  connectionId: string;
  externalId: string | null;
  attributes: Record<string, unknown>;
}

function linkRow(link: ScimUserLink, now: number) {
  return {
    uid: link.uid,
    partner: link.partner,
    connection_id: link.connectionId,
    external_id: link.externalId,
    attributes: JSON.stringify(link.attributes),
    version: 1,
    created_at: now,
    updated_at: now,
  };
}

export async function insertScimUser(tx: Tx, link: ScimUserLink, now: number): Promise<void> {
  await tx.db.insertInto('scim_users').values(linkRow(link, now)).execute();
}

/**
 * The link of a new account: held with the account's own row (storage/deferredInserts.ts) and stored
 * after it just before the batch commits, so a directory's creates share their INSERTs as an import's do.
 */
export async function insertScimUserWithCommit(tx: Tx, link: ScimUserLink, now: number): Promise<void> {
  await insertWithCommit(tx, 'scim_users', linkRow(link, now));
}

/** A new version of the user's attributes (the ETag changes). */
export async function updateScimUser(tx: Tx, uid: string, fields: { externalId: string | null; attributes: Record<string, unknown> }, now: number): Promise<void> {
  await tx.db
    .updateTable('scim_users')
    .set((eb) => ({ external_id: fields.externalId, attributes: JSON.stringify(fields.attributes), updated_at: now, version: eb('version', '+', 1) }))
    .where('uid', '=', uid)
    .execute();
}

/** The user leaves the directory's view (DELETE): the account stays, disabled, with its history. */
export async function unlinkScimUser(tx: Tx, uid: string): Promise<void> {
  await tx.db.deleteFrom('scim_group_members').where('uid', '=', uid).execute();
  await tx.db.deleteFrom('scim_users').where('uid', '=', uid).execute();
}

/** The directory connection that manages an account, by name, or null when none does. */
export async function directoryOf(db: Db, uid: string): Promise<string | null> {
  const row = (await db
    .selectFrom('scim_users as s')
    .innerJoin('scim_connections as c', 'c.id', 's.connection_id')
    .select('c.name')
    .where('s.uid', '=', uid)
    .executeTakeFirst()) as { name: string } | undefined;
  return row ? row.name : null;
}
