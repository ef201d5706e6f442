import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeStore } from '../src/realtime/index.js';
import { managedUserEntriesQuery } from '../src/realtime/managedUserEntries.js';
import { engineOfDb, type Db } from '../src/storage/db.js';
import { openTestDatabase, testEngine } from './helpers/startCloud.js';

/**
 * Who manages a user is read from an index of the leaves below `/users/*\/adminUsers/` (migration 333),
 * not from a scan of every profile: the entries of the users asked for, whatever the manager, and nothing
 * that only looks like one. The statement is the index's own words, which the planner of each engine must
 * take (an expression or WHERE that differs by a letter falls back to reading every leaf).
 */
let db: Db;
let close: () => Promise<void>;
let store: ReturnType<typeof createRealtimeStore>;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  store = createRealtimeStore(db);
  await store.setMany([
    ['/users/admin', { name: 'Ada', adminUsers: { u1: { addedAt: 1, controllers: { s1: true } }, u10: { addedAt: 2 }, u2: { addedAt: 3 } } }],
    ['/users/power', { name: 'Per', adminUsers: { u1: { controllers: { s2: true } } } }],
    // Not entries: a profile field that holds the word, a deeper copy, and the users themselves.
    ['/users/u1', { name: 'One', notes: { adminUsers: { u1: { addedAt: 9 } } } }],
    ['/users/u2', { name: 'Two' }],
    ['/partners/p1/adminUsers/u1', { addedAt: 4 }],
  ]);
});
afterAll(() => close());

describe(`managers' entries on ${testEngine()}`, () => {
  it("finds every leaf of each asked user's entries, whoever the manager, and nothing else", async () => {
    expect((await store.managedUserEntryPaths(['u1'])).sort()).toEqual([
      '/users/admin/adminUsers/u1/addedAt',
      '/users/admin/adminUsers/u1/controllers/s1',
      '/users/power/adminUsers/u1/controllers/s2',
      // Below /users and after an adminUsers: the index holds it, and the caller's split leaves it out.
      '/users/u1/notes/adminUsers/u1/addedAt',
    ]);
    expect((await store.managedUserEntryPaths(['u10', 'u2'])).sort()).toEqual(['/users/admin/adminUsers/u10/addedAt', '/users/admin/adminUsers/u2/addedAt']);
    expect(await store.managedUserEntryPaths(['nobody'])).toEqual([]);
  });

  it('is answered from the index', async () => {
    const query = managedUserEntriesQuery(db, ['u1', 'u2']).compile(db);
    const plan = await db.transaction().execute(async (trx) => {
      if (engineOfDb(db) === 'postgres') {
        // On a table this small a scan is cheaper: forbidding it shows whether the index can be used at all.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        return (await trx.executeQuery({ ...query, sql: `EXPLAIN ${query.sql}` })).rows;
      }
      return (await trx.executeQuery({ ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` })).rows;
    });
    const text = JSON.stringify(plan);
    // Each user's range is looked up in the index, not applied to all of it afterwards (a young index's
    // row estimate is tiny on PostgreSQL: a plan that reads it whole looks cheap there).
    if (engineOfDb(db) === 'postgres') {
      expect(text).toMatch(/Index Cond: \(\(substr\(path/);
      expect(text).not.toMatch(/Join Filter|Seq Scan on realtime_leaves/);
    } else {
      expect(text).toMatch(/SEARCH realtime_leaves USING (COVERING )?INDEX realtime_leaves_by_managed_user \(<expr>>\? AND <expr><\?\)/);
      expect(text).not.toMatch(/SCAN realtime_leaves/);
    }
  });
});
