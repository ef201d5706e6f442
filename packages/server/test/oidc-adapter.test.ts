import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteOidcAdapter } from '../src/oidc/sqliteOidcAdapter.js';
import { openDatabase, type Db } from '../src/storage/db.js';

/** The provider's storage contract on SQLite (oidc-provider's adapter interface). */
let db: Db;

beforeEach(() => {
  db = openDatabase({ kind: 'memory' });
});

afterEach(() => {
  db.close();
});

describe('SqliteOidcAdapter', () => {
  it('stores, replaces and destroys a model instance, separately per model name', async () => {
    const sessions = new SqliteOidcAdapter(db, 'Session');
    const grants = new SqliteOidcAdapter(db, 'Grant');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    await grants.upsert('s1', { accountId: 'other' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'b' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await grants.find('s1')).toEqual({ accountId: 'other' });

    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await grants.find('s1')).toBeDefined();
  });

  it('forgets what has expired, and keeps what has no expiry', async () => {
    const codes = new SqliteOidcAdapter(db, 'AuthorizationCode');
    await codes.upsert('gone', { grantId: 'g' }, 0);
    await codes.upsert('kept', { grantId: 'g' });
    expect(await codes.find('gone')).toBeUndefined();
    expect(await codes.find('kept')).toEqual({ grantId: 'g' });
  });

  it('marks a code consumed', async () => {
    const codes = new SqliteOidcAdapter(db, 'AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g' }, 60);
    await codes.consume('c1');
    const consumed = (await codes.find('c1'))?.consumed;
    expect(typeof consumed).toBe('number');
    expect(Math.abs(Number(consumed) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('revokes the tokens of one grant only', async () => {
    const tokens = new SqliteOidcAdapter(db, 'AccessToken');
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await tokens.upsert('t2', { grantId: 'g1' }, 60);
    await tokens.upsert('t3', { grantId: 'g2' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeUndefined();
    expect(await tokens.find('t3')).toEqual({ grantId: 'g2' });
  });

  it('finds device flow codes by user code', async () => {
    const deviceCodes = new SqliteOidcAdapter(db, 'DeviceCode');
    await deviceCodes.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g' }, 60);
    expect(await deviceCodes.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
    expect(await deviceCodes.findByUserCode('NOPE')).toBeUndefined();
  });
});
