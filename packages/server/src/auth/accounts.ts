import type { Role } from '@varde/core/contract';
import { sql } from 'kysely';
import type { Db } from '../storage/db.js';
import { insertWithCommit } from '../storage/deferredInserts.js';
import type { Tx } from '../storage/transaction.js';

/** A sign-in account as stored (never leaves the server with its password hash). */
export interface AccountRecord {
  uid: string;
  email: string;
  passwordHash: string;
  phone: string | null;
  smsSecondFactor: boolean;
  role: Role;
  /** A person, or a partner's service account (no password, never signs in; tokens only). */
  kind: 'person' | 'service';
  /** Disabled (an import's leaver, an admin's choice): no sign-in, no session, no token. */
  disabled: boolean;
}

export interface AccountRow {
  uid: string;
  email: string;
  password_hash: string;
  phone: string | null;
  sms_second_factor: number;
  role: Role;
  kind: string;
  disabled_at: number | string | null;
}

export const ACCOUNT_COLUMNS = ['uid', 'email', 'password_hash', 'phone', 'sms_second_factor', 'role', 'kind', 'disabled_at'] as const;

export function toRecord(row: AccountRow): AccountRecord {
  return {
    uid: row.uid,
    email: row.email,
    passwordHash: row.password_hash,
    phone: row.phone,
    smsSecondFactor: Number(row.sms_second_factor) === 1,
    role: row.role,
    kind: row.kind === 'service' ? 'service' : 'person',
    disabled: row.disabled_at !== null,
  };
}

/** `db`: the cloud's database, or a transaction's (tx.db) when called inside one. */
export async function accountByUid(db: Db, uid: string): Promise<AccountRecord | null> {
  const row = (await db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('uid', '=', uid).executeTakeFirst()) as AccountRow | undefined;
  return row ? toRecord(row) : null;
}

/**
 * E-mail addresses are unique regardless of case: both engines have a unique index on lower(email)
 * (migration 180, the PostgreSQL baseline), and the lookup compares that same expression, so it is
 * case-blind and uses the index on either engine.
 */
export async function accountByEmail(db: Db, email: string): Promise<AccountRecord | null> {
  const row = (await db
    .selectFrom('accounts')
    .select(ACCOUNT_COLUMNS)
    .where(sql`lower(email)`, '=', sql`lower(${email.trim()})`)
    .executeTakeFirst()) as AccountRow | undefined;
  return row ? toRecord(row) : null;
}

export interface NewAccount {
  uid: string;
  email: string;
  passwordHash: string;
  phone?: string | null;
  smsSecondFactor?: boolean;
  role: Role;
}

export async function insertAccount(db: Db, account: NewAccount, now: number): Promise<void> {
  await db.insertInto('accounts').values(accountRow(account, now)).execute();
}

/**
 * Inserts a new account within `tx`; in the users write batch it waits for the batch's commit (see
 * storage/deferredInserts.ts). There a taken e-mail fails the batch's INSERT, and the batch runs again
 * with each write alone, when this insert is immediate and fails by itself.
 */
export async function insertAccountWithCommit(tx: Tx, account: NewAccount, now: number): Promise<void> {
  await insertWithCommit(tx, 'accounts', accountRow(account, now));
}

function accountRow(account: NewAccount, now: number) {
  return {
    uid: account.uid,
    email: account.email.trim(),
    password_hash: account.passwordHash,
    phone: account.phone ?? null,
    sms_second_factor: account.smsSecondFactor ? 1 : 0,
    role: account.role,
    created_at: now,
  };
}

export async function updatePasswordHash(db: Db, uid: string, passwordHash: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: passwordHash }).where('uid', '=', uid).execute();
}

/** Every account but one, by e-mail regardless of case (a system admin's user list). */
export async function accountsByEmailExcept(db: Db, exceptUid: string): Promise<AccountRecord[]> {
  const rows = (await db
    .selectFrom('accounts')
    .select(ACCOUNT_COLUMNS)
    .where('uid', '<>', exceptUid)
    .orderBy(sql`lower(email)`)
    .orderBy('uid')
    .execute()) as AccountRow[];
  return rows.map(toRecord);
}

/** The accounts of these uids that exist, in no particular order; asked in slices to stay within parameter limits. */
export async function accountsByUids(db: Db, uids: readonly string[]): Promise<AccountRecord[]> {
  const records: AccountRecord[] = [];
  for (let start = 0; start < uids.length; start += UIDS_PER_QUERY) {
    const slice = uids.slice(start, start + UIDS_PER_QUERY);
    const rows = (await db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('uid', 'in', slice).execute()) as AccountRow[];
    records.push(...rows.map(toRecord));
  }
  return records;
}

const UIDS_PER_QUERY = 500;
