import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OidcModelAdapter } from '../src/oidc/oidcModelAdapter.js';
import { endProviderSessionsOf } from '../src/oidc/accountSessions.js';
import type { Db } from '../src/storage/db.js';
import { openTestDatabase } from './helpers/startCloud.js';

/** The provider's storage contract on the cloud's database (oidc-provider's adapter interface). */
let db: Db;
let closeDatabase: () => Promise<void>;

beforeEach(async () => {
  ({ db, close: closeDatabase } = await openTestDatabase());
});

afterEach(async () => {
  await closeDatabase();
});

describe('OidcModelAdapter', () => {
  it('stores, replaces and destroys a model instance, separately per model name', async () => {
    const sessions = new OidcModelAdapter(db, 'Session');
    const grants = new OidcModelAdapter(db, 'Grant');
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
    const codes = new OidcModelAdapter(db, 'AuthorizationCode');
    await codes.upsert('gone', { grantId: 'g' }, 0);
    await codes.upsert('kept', { grantId: 'g' });
    expect(await codes.find('gone')).toBeUndefined();
    expect(await codes.find('kept')).toEqual({ grantId: 'g' });
  });

  it('marks a code consumed, keeping the rest of its payload', async () => {
    const codes = new OidcModelAdapter(db, 'AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g', accountId: 'a' }, 60);
    await codes.consume('c1');
    const found = await codes.find('c1');
    expect(found).toMatchObject({ grantId: 'g', accountId: 'a' });
    expect(typeof found?.consumed).toBe('number');
    expect(Math.abs(Number(found?.consumed) - Date.now() / 1000)).toBeLessThan(5);
    await codes.consume('missing');
    expect(await codes.find('missing')).toBeUndefined();
  });

  it("ends an account's provider sign-ins, and nobody else's", async () => {
    const sessions = new OidcModelAdapter(db, 'Session');
    const tokens = new OidcModelAdapter(db, 'AccessToken');
    const pending = new OidcModelAdapter(db, 'PendingSecondFactor');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    await sessions.upsert('s2', { uid: 'u2', accountId: 'b' }, 60);
    await tokens.upsert('t1', { grantId: 'g', accountId: 'a' }, 60);
    await pending.upsert('i1', { accountId: 'a' }, 60);
    await endProviderSessionsOf(db, 'a');
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await sessions.find('s2')).toEqual({ uid: 'u2', accountId: 'b' });
    // Not a sign-in: the interaction's second step is the provider's own business.
    expect(await pending.find('i1')).toEqual({ accountId: 'a' });
  });

  it('revokes the tokens of one grant only', async () => {
    const tokens = new OidcModelAdapter(db, 'AccessToken');
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await tokens.upsert('t2', { grantId: 'g1' }, 60);
    await tokens.upsert('t3', { grantId: 'g2' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeUndefined();
    expect(await tokens.find('t3')).toEqual({ grantId: 'g2' });
  });

  it('finds device flow codes by user code', async () => {
    const deviceCodes = new OidcModelAdapter(db, 'DeviceCode');
    await deviceCodes.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g' }, 60);
    expect(await deviceCodes.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
    expect(await deviceCodes.findByUserCode('NOPE')).toBeUndefined();
  });
});
