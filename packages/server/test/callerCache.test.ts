import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallerCache } from '../src/http/callerCache.js';
import { profileChangeScope } from '../src/http/callerCacheInvalidation.js';
import type { RealtimeChange } from '../src/realtime/change.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, testEngine, type Cloud } from './helpers/startCloud.js';

/**
 * The caller cache (issue 40) keeps what a token's check read, so a steady read sends only its own
 * statement; every change it depends on is seen at the very next request on the node that made it.
 * Each case warms the cache first (two reads), then changes one thing, then reads once more.
 */
describe('the caller cache', () => {
  it("keeps nothing from a read that began before a clear, and nothing past an entry's end", () => {
    const cache = createCallerCache(1000);
    const ticket = cache.begin();
    cache.clear();
    cache.put('a', 'stale', ticket, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.put('b', 'fresh', cache.begin(), 0, 500);
    expect(cache.get('b', 499)).toBe('fresh');
    expect(cache.get('b', 500)).toBeUndefined();
    cache.put('c', 'kept', cache.begin(), 0);
    expect(cache.get('c', 999)).toBe('kept');
    expect(cache.get('c', 1000)).toBeUndefined();
  });

  it("a user's clear forgets their entries and their reads in flight, and nobody else's", () => {
    const cache = createCallerCache();
    cache.put('ada:1', 'ada', cache.begin('ada'), 0);
    cache.put('ada:2', 'ada too', cache.begin('ada'), 0);
    cache.put('bo:1', 'bo', cache.begin('bo'), 0);
    cache.put('site', 'nobody', cache.begin(), 0);
    const adaReading = cache.begin('ada');
    const boReading = cache.begin('bo');
    cache.clearUser('ada');
    expect([cache.get('ada:1', 1), cache.get('ada:2', 1)]).toEqual([undefined, undefined]);
    expect([cache.get('bo:1', 1), cache.get('site', 1)]).toEqual(['bo', 'nobody']);
    cache.put('ada:3', 'stale', adaReading, 1);
    cache.put('bo:2', 'fresh', boReading, 1);
    expect([cache.get('ada:3', 2), cache.get('bo:2', 2)]).toEqual([undefined, 'fresh']);
    cache.put('ada:3', 'read after', cache.begin('ada'), 2);
    expect(cache.get('ada:3', 3)).toBe('read after');
    // A clear of everything still reaches a read that named its user.
    const late = cache.begin('bo');
    cache.clear();
    cache.put('bo:3', 'stale', late, 3);
    expect(cache.get('bo:3', 4)).toBeUndefined();
  });

  it('keeps and hands out nothing while it is not live (a node that cannot hear the cluster)', () => {
    const cache = createCallerCache();
    cache.put('a', 'kept', cache.begin(), 0);
    cache.setLive(() => false);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.put('b', 'x', cache.begin(), 0);
    cache.setLive(() => true);
    expect(cache.get('b', 1)).toBeUndefined();
  });
});

describe('which realtime changes clear kept callers', () => {
  const scope = (path: string) => profileChangeScope({ kind: 'set', path, value: null } as RealtimeChange);
  it("clears everyone for the root and /users, one user for their profile or a field an entry holds, nobody for the rest", () => {
    expect(scope('')).toBe('everyone');
    expect(scope('/users')).toBe('everyone');
    expect(scope('/users/ada')).toEqual({ uid: 'ada' });
    for (const field of ['controllers', 'moduleAccesses', 'systemAdmin', 'mainPartner', 'licensingPartners', 'name', 'email']) {
      expect(scope(`/users/ada/${field}/deeper`)).toEqual({ uid: 'ada' });
    }
    expect(scope('/users/ada/adminUsers/bo/controllers')).toBeNull();
    expect(scope('/users/ada/language')).toBeNull();
    expect(scope('/partners/p1/name')).toBeNull();
    expect(scope('/usersx/ada')).toBeNull();
  });
});

describe(`a kept caller on ${testEngine()} never outlives a change`, () => {
  let cloud: Cloud;
  const statements: string[] = [];
  let admin: Record<string, string>;
  beforeAll(async () => {
    cloud = await startCloud({ onStatement: (sql) => statements.push(sql) });
    admin = (await signIn(cloud, demoUsers.admin.email, demoUsers.admin.password)).accessTokens;
  });
  afterAll(() => cloud.close());

  const read = (path: string, token: string) => call(cloud, path, { headers: bearer(token) });
  const warm = async (path: string, token: string) => {
    expect((await read(path, token)).status).toBe(200);
    expect((await read(path, token)).status).toBe(200);
  };

  it('a warm read sends only its own statement', async () => {
    const token = admin['controllers-api.localhost']!;
    await warm('/cloud/controllers-api/controllers', token);
    const counts: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      statements.length = 0;
      await read('/cloud/controllers-api/controllers', token);
      counts.push(statements.length);
    }
    // The fewest of three: a timer of the cloud's may send one meanwhile.
    expect(Math.min(...counts)).toBe(1);
  });

  it("a new user, and the adder's list of sub-users, leave the kept callers kept: a warm read still sends one statement", async () => {
    const sites = admin['controllers-api.localhost']!;
    await warm('/cloud/controllers-api/controllers', sites);
    const made = await call(cloud, '/cloud/users/users', { headers: bearer(admin['users.localhost']!), json: { username: `kept-${Date.now()}@fm-firma.test`, name: 'Kept Caller', role: 'User' } });
    expect(made.status).toBe(201);
    // The adder's own request above was kept too: warm again, then count.
    await warm('/cloud/controllers-api/controllers', sites);
    const counts: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      statements.length = 0;
      await call(cloud, '/cloud/users/users', { headers: bearer(admin['users.localhost']!), json: { username: `kept-${Date.now()}-${run}@fm-firma.test`, name: 'Kept Caller', role: 'User' } });
      statements.length = 0;
      await read('/cloud/controllers-api/controllers', sites);
      counts.push(statements.length);
    }
    expect(Math.min(...counts)).toBe(1);
  });

  it('a revoked site grant holds at the next request', async () => {
    const user = (await signIn(cloud, demoUsers.user.email, demoUsers.user.password)).accessTokens['controllers-api.localhost']!;
    const site = (await read('/cloud/controllers-api/controllers', user)).body.data[0].uuid as string;
    await warm(`/cloud/controllers-api/controllers/${site}`, user);
    const revoked = await call(cloud, `/cloud/users/users/${demoUid('user')}/sites/${site}`, { method: 'DELETE', headers: bearer(admin['users.localhost']!) });
    expect(revoked.status).toBe(200);
    expect((await read(`/cloud/controllers-api/controllers/${site}`, user)).status).toBe(403);
    await call(cloud, `/cloud/users/users/${demoUid('user')}/sites/${site}`, { method: 'PUT', headers: bearer(admin['users.localhost']!) });
  });

  it('a raised role holds at the next request', async () => {
    const power = (await signIn(cloud, demoUsers.powerUser.email, demoUsers.powerUser.password)).accessTokens['users.localhost']!;
    const path = '/cloud/users/service-accounts';
    expect((await read(path, power)).status).toBe(403);
    expect((await read(path, power)).status).toBe(403);
    const raised = await call(cloud, `/cloud/users/users/${demoUid('powerUser')}`, { method: 'PATCH', headers: bearer(admin['users.localhost']!), json: { role: 'Admin' } });
    expect(raised.status).toBe(200);
    expect((await read(path, power)).status).toBe(200);
    await call(cloud, `/cloud/users/users/${demoUid('powerUser')}`, { method: 'PATCH', headers: bearer(admin['users.localhost']!), json: { role: 'PowerUser' } });
  });

  it('a revoked personal access token is refused at the next request', async () => {
    const made = await call(cloud, '/cloud/auth/tokens', { headers: bearer(admin['auth.localhost']!), json: { name: 'kept' } });
    await warm('/cloud/alarms/alarms', made.body.token);
    await warm('/cloud/alarms/alarms', made.body.token);
    expect((await call(cloud, `/cloud/auth/tokens/${made.body.id}`, { method: 'DELETE', headers: bearer(admin['auth.localhost']!) })).status).toBe(204);
    expect((await read('/cloud/alarms/alarms', made.body.token)).status).toBe(401);
  });

  it('a signed-out session and a disabled account are refused at the next request', async () => {
    const guest = (await signIn(cloud, demoUsers.guest.email, demoUsers.guest.password)).accessTokens;
    await warm('/cloud/alarms/alarms', guest['alarms.localhost']!);
    expect((await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: bearer(guest['auth.localhost']!) })).status).toBe(200);
    expect((await read('/cloud/alarms/alarms', guest['alarms.localhost']!)).status).toBe(401);

    const again = (await signIn(cloud, demoUsers.guest.email, demoUsers.guest.password)).accessTokens['alarms.localhost']!;
    await warm('/cloud/alarms/alarms', again);
    const disabled = await call(cloud, `/cloud/users/users/${demoUid('guest')}`, { method: 'PATCH', headers: bearer(admin['users.localhost']!), json: { disabled: true } });
    expect(disabled.status).toBe(200);
    expect((await read('/cloud/alarms/alarms', again)).status).toBe(401);
    await call(cloud, `/cloud/users/users/${demoUid('guest')}`, { method: 'PATCH', headers: bearer(admin['users.localhost']!), json: { disabled: false } });
  });

  it('a logout answers only after this node heard its own notice back, so every node was sent it (PostgreSQL)', async () => {
    const guest = (await signIn(cloud, demoUsers.guest.email, demoUsers.guest.password)).accessTokens;
    statements.length = 0;
    expect((await call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: bearer(guest['auth.localhost']!) })).status).toBe(200);
    const markers = statements.filter((text) => text.includes("pg_notify('varde_caller'"));
    // SQLite has one node, whose cache heard the write as it was sent: nothing to wait for.
    expect(markers).toHaveLength(testEngine() === 'postgres' ? 1 : 0);
    statements.length = 0;
    await read('/cloud/controllers-api/controllers', admin['controllers-api.localhost']!);
    expect(statements.filter((text) => text.includes('pg_notify'))).toHaveLength(0);
  });
});
