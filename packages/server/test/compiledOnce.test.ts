import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/storage/compiledOnce.js';
import type { Db } from '../src/storage/db.js';
import { openTestDatabase, testEngine } from './helpers/startCloud.js';

/** The hottest reads are built and compiled once, then run with each call's values as parameters. */
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  const account = (uid: string, email: string, role: string) => ({ uid, email, password_hash: '!', phone: null, sms_second_factor: 0, role, created_at: 1 });
  await db.insertInto('accounts').values([account('a', 'Ada@Example.test', 'Admin'), account('b', 'bo@example.test', 'User')]).execute();
});
afterAll(() => close());

describe(`compiledOnce on ${testEngine()}`, () => {
  it("builds once and binds each call's values where the markers stood, constants kept", async () => {
    let builds = 0;
    const byEmailAndRole = compiledOnce((on, role: string, email: string) => {
      builds += 1;
      return on.selectFrom('accounts').select('uid').where('kind', '=', 'person').where(sql`lower(email)`, '=', sql`lower(${email})`).where('role', '=', role);
    });
    const uids = async (role: string, email: string) => (await byEmailAndRole(db, role, email)).rows.map((row) => (row as { uid: string }).uid);
    expect(await uids('Admin', 'ada@example.test')).toEqual(['a']);
    expect(await uids('User', 'BO@example.test')).toEqual(['b']);
    expect(await uids('User', 'ada@example.test')).toEqual([]);
    // Inside a transaction too, with the statement compiled outside it.
    expect(await db.transaction().execute(async (trx) => (await byEmailAndRole(trx, 'Admin', 'ADA@example.test')).rows)).toEqual([{ uid: 'a' }]);
    expect(builds).toBe(1);
  });

  it('refuses a build that does not bind a value as it is', async () => {
    const prefixed = compiledOnce((on, email: string) => on.selectFrom('accounts').select('uid').where('email', 'like', `${email}%`));
    await expect(prefixed(db, 'ada')).rejects.toThrow(/value 0 is not a parameter/);
  });
});
