import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scimUserByEmail } from '../src/scim/scimUserStore.js';
import { type Db, engineOfDb } from '../src/storage/db.js';
import { openTestDatabase, testEngine } from './helpers/startCloud.js';
import { genericPlan, sqlitePlan, statementsSent } from './helpers/statementPlans.js';

/**
 * A directory's GET by userName (before each create) reads by the accounts' e-mail index whatever plan
 * the database keeps. PostgreSQL keeps a prepared statement's generic plan from a directory's first
 * requests, made while the cloud has a few accounts and no directory users: with the partner in the
 * statement that plan read every user of the partner by its index, slower with each user provisioned.
 */
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  // A fresh cloud: a few accounts (the partners' admins), no directory users yet.
  const accounts = Array.from({ length: 9 }, (_, index) => ({ uid: `admin-${index}`, email: `admin${index}@partner.test`, password_hash: 'x', role: 'Admin', created_at: 0 }));
  await db.insertInto('accounts').values(accounts).execute();
});
afterAll(() => close());

describe(`a directory's GET by userName on ${testEngine()}`, () => {
  it('searches the e-mail index, not the partner\'s directory users', async () => {
    const [read] = await statementsSent(db, (watching) => scimUserByEmail(watching, 'fjordvarme', 'Kari@FM-firma.test'));
    if (engineOfDb(db) === 'postgres') {
      const plan = await genericPlan(db, read!);
      expect(plan).toMatch(/Index Scan using accounts_by_email/);
      expect(plan).not.toMatch(/scim_users_by_partner|Seq Scan on scim_users/);
    } else {
      const plan = await sqlitePlan(db, read!);
      expect(plan).toMatch(/SEARCH a USING INDEX accounts_by_email/);
      expect(plan).not.toMatch(/scim_users_by_partner|SCAN s\b/);
    }
  });
});
