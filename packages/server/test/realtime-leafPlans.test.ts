import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteLeaves, deleteLeavesOnPostgres } from '../src/realtime/deleteLeaves.js';
import { leavesUnder } from '../src/realtime/readLeaves.js';
import { type Db, engineOfDb } from '../src/storage/db.js';
import { openTestDatabase, testEngine } from './helpers/startCloud.js';
import { genericPlan, sqlitePlan, statementsSent } from './helpers/statementPlans.js';

/**
 * The realtime store's range statements are searches of the primary key, whatever the database's size:
 * a plan that scans realtime_leaves makes every write slower than the last (a DELETE that spared the
 * leaves it rewrote with NOT IN made provisioning 2,000 users take 40 s instead of 8). Checked on the
 * plan each engine keeps for the prepared text: PostgreSQL's generic plan, SQLite's query plan.
 */
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  const rows = Array.from({ length: 2000 }, (_, index) => ({ path: `/users/u${index}/role`, value: '"User"' }));
  await db.insertInto('realtime_leaves').values(rows).execute();
});
afterAll(() => close());

const postgres = () => engineOfDb(db) === 'postgres';

describe(`realtime leaf ranges on ${testEngine()}`, () => {
  it('a write deletes by range searches of the primary key', async () => {
    if (postgres()) {
      const plan = await genericPlan(db, deleteLeavesOnPostgres(db, ['/users/u1', '/users/u2'], ['/users']));
      expect(plan).toMatch(/Index Scan|Bitmap Index Scan/);
      expect(plan).not.toMatch(/Seq Scan on realtime_leaves/);
    } else {
      const [deletion] = await statementsSent(db, (watching) => deleteLeaves({ db: watching, afterCommit: () => undefined }, ['/users/u1', '/users/u2'], ['/users']));
      const plan = await sqlitePlan(db, deletion!);
      expect(plan).toMatch(/SEARCH leaf USING (COVERING )?INDEX/);
      expect(plan).not.toMatch(/SCAN leaf/);
    }
  });

  it('a read of many roots answers each from its ranges, and only what lies at or below them', async () => {
    const roots = Array.from({ length: 40 }, (_, index) => `/users/u${index * 3 + 10}`);
    const [read] = await statementsSent(db, async (watching) => {
      const rows = await leavesUnder(watching, [...roots, '/users/u10/role']);
      expect(rows.map((row) => row.path).sort()).toEqual(roots.map((root) => `${root}/role`).sort());
    });
    if (postgres()) expect(await genericPlan(db, read!)).not.toMatch(/Seq Scan on realtime_leaves/);
    else expect(await sqlitePlan(db, read!)).not.toMatch(/SCAN leaf/);
  });
});
