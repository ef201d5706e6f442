import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { bearer, call, latestMessageTo } from './helpers/http.js';
import { makeConnection, scim, usersToken } from './helpers/scim.js';
import { startCloud, testEngine, type Cloud } from './helpers/startCloud.js';

/**
 * What provisioning a user the way Entra ID does costs in statements (issue 36's bench): a GET by
 * userName, then a POST. The node keeps the connection a token belongs to (http/keptRows.ts), so the GET
 * is its one lookup, and the connection's admin beside the callers (http/callerCache.ts), so the POST
 * reads nothing (the unique indexes refuse a taken userName or externalId at the commit: see
 * createScimUser); in the batch its rows wait for the commit: begin, the account, the profile (a delete
 * and an insert), the link, the invitation's ticket and e-mail, the audit record, commit. PostgreSQL adds
 * the realtime lock and the change's row for the other nodes, and sends the profile's delete, then the
 * held rows, the leaves and the change row as one statement (storage/insertTogether.ts). Counted on both
 * engines, the fewest of three (before: a GET 2, a POST 16 on SQLite, 12 on PostgreSQL; 10 and 7 while
 * the POST read the userName's holders first, and PostgreSQL sent the leaves apart from the held rows).
 * A kept admin never outlives a change to their account or to what the directory's writes read of them.
 */
const GET_BUDGET = 1;
const POST_BUDGET = testEngine() === 'postgres' ? 5 : 9;

let cloud: Cloud;
const statements: string[] = [];
let ask: ReturnType<typeof scim>;

beforeAll(async () => {
  cloud = await startCloud({ onStatement: (sql) => statements.push(sql) });
  ask = scim(cloud, (await makeConnection(cloud, demoUsers.admin, 'Entra ID')).token);
});
afterAll(() => cloud.close());

function entraUser(index: number) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    externalId: `statements-${index}`,
    userName: `statements${index}@fm-firma.test`,
    active: true,
    emails: [{ primary: true, type: 'work', value: `statements${index}@fm-firma.test` }],
    name: { givenName: 'Stat', familyName: `Ements ${index}` },
  };
}

describe(`a directory's create on ${testEngine()}`, () => {
  it('a GET by userName and a POST stay within their statements; the token is looked up once per node', async () => {
    const gets: number[] = [];
    const posts: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const user = entraUser(index);
      statements.length = 0;
      const found = await ask('GET', `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`);
      expect(found.body.totalResults).toBe(0);
      gets.push(statements.length);
      statements.length = 0;
      expect((await ask('POST', '/Users', user)).status).toBe(201);
      posts.push(statements.length);
    }
    console.log(`SCIM statements (${testEngine()}): GET by userName ${Math.min(...gets)}, POST ${Math.min(...posts)}`);
    expect(Math.min(...gets)).toBe(GET_BUDGET);
    expect(Math.min(...posts)).toBe(POST_BUDGET);
    expect(statements.filter((sql) => /scim_connections/.test(sql))).toEqual([]);
  });

  it("the kept admin follows their changes: a new name signs the next invitation, a disabled account refuses the next create", async () => {
    const system = await usersToken(cloud, demoUsers.systemAdmin);
    const rename = (name: string) => call(cloud, `/cloud/users/users/${demoUid('admin')}`, { method: 'PATCH', headers: bearer(system), json: { name } });
    expect((await ask('POST', '/Users', entraUser(10))).status).toBe(201);
    expect((await rename('Anders Omdøpt')).status).toBe(200);
    expect((await ask('POST', '/Users', entraUser(11))).status).toBe(201);
    expect((await latestMessageTo(cloud, entraUser(11).userName)).body).toContain('Anders Omdøpt');
    await rename(demoUsers.admin.name);

    const disable = (disabled: boolean) => call(cloud, `/cloud/users/users/${demoUid('admin')}`, { method: 'PATCH', headers: bearer(system), json: { disabled } });
    expect((await disable(true)).status).toBe(200);
    const refused = await ask('POST', '/Users', entraUser(12));
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('no longer has an account');
    expect((await disable(false)).status).toBe(200);
    expect((await ask('POST', '/Users', entraUser(12))).status).toBe(201);
  });

  it('a create reads nothing first: a taken externalId is refused at the commit, and the writes beside it land', async () => {
    for (let run = 0; run < 3; run += 1) {
      // Sent together, so that they share a batch: its commit fails, and it runs again with each write in a savepoint.
      const [taken, fresh] = await Promise.all([
        ask('POST', '/Users', { ...entraUser(0), userName: `someone-else-${run}@fm-firma.test` }),
        ask('POST', '/Users', entraUser(20 + run)),
      ]);
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ scimType: 'uniqueness', detail: 'The externalId "statements-0" belongs to another user' });
      expect(fresh.status).toBe(201);
      const refusedAccount = await cloud.context.db.selectFrom('accounts').select('uid').where('email', '=', `someone-else-${run}@fm-firma.test`).executeTakeFirst();
      expect(refusedAccount).toBeUndefined();
      expect((await ask('GET', `/Users/${fresh.body.id}`)).body.userName).toBe(entraUser(20 + run).userName);
    }
  });
});
