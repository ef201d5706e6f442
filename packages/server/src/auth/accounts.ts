import type { Role } from '@varde/core/contract';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../storage/db.js';

/** A sign-in account as stored (never leaves the server with its password hash). */
export interface AccountRecord {
  uid: string;
  email: string;
  passwordHash: string;
  phone: string | null;
  smsSecondFactor: boolean;
  role: Role;
}

interface AccountRow {
  uid: string;
  email: string;
  password_hash: string;
  phone: string | null;
  sms_second_factor: number;
  role: Role;
}

/** Prepared once per database: preparing is far dearer than running (the users service runs these per request). */
const statementCache = new WeakMap<Db, Map<string, Statement<unknown[]>>>();
function prepared(db: Db, sql: string): Statement<unknown[]> {
  let statements = statementCache.get(db);
  if (!statements) statementCache.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
}

function toRecord(row: AccountRow): AccountRecord {
  return {
    uid: row.uid,
    email: row.email,
    passwordHash: row.password_hash,
    phone: row.phone,
    smsSecondFactor: row.sms_second_factor === 1,
    role: row.role,
  };
}

export function accountByUid(db: Db, uid: string): AccountRecord | null {
  const row = prepared(db, 'SELECT * FROM accounts WHERE uid = ?').get(uid) as AccountRow | undefined;
  return row ? toRecord(row) : null;
}

/** E-mail addresses are unique regardless of case (the column is COLLATE NOCASE). */
export function accountByEmail(db: Db, email: string): AccountRecord | null {
  const row = prepared(db, 'SELECT * FROM accounts WHERE email = ?').get(email.trim()) as AccountRow | undefined;
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

export function insertAccount(db: Db, account: NewAccount, now: number): void {
  prepared(
    db,
    `INSERT INTO accounts (uid, email, password_hash, phone, sms_second_factor, role, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    account.uid,
    account.email.trim(),
    account.passwordHash,
    account.phone ?? null,
    account.smsSecondFactor ? 1 : 0,
    account.role,
    now,
  );
}

export function updatePasswordHash(db: Db, uid: string, passwordHash: string): void {
  db.prepare('UPDATE accounts SET password_hash = ? WHERE uid = ?').run(passwordHash, uid);
}
