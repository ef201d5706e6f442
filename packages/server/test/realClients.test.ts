import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SERVICES, TOKEN_SERVICES, listControllersResponse, signedIn } from '@varde/core/contract';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** The shapes public clients of the real cloud rely on (docs/contract.md). */
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud();
});
afterAll(() => cloud.close());

/** What a third-party script does: the token whose key starts with the service name. */
function tokenFor(accessTokens: Record<string, string>, service: string): string {
  const keys = Object.keys(accessTokens).filter((key) => key.startsWith(service));
  if (keys.length !== 1) throw new Error(`${keys.length} keys start with ${service}`);
  return accessTokens[keys[0]!]!;
}

describe('POST /login with {piscadaId, password}', () => {
  test('answers accessTokens keyed by service host name, one key per token service', async () => {
    const answer = await call(cloud, '/cloud/auth/login', {
      json: { piscadaId: demoUsers.admin.email, password: demoUsers.admin.password },
    });
    expect(answer.status).toBe(200);
    const body = signedIn.parse(answer.body);
    expect(Object.keys(body.accessTokens).sort()).toEqual(TOKEN_SERVICES.map((service) => `${service}.localhost`).sort());
    for (const service of SERVICES) {
      const starting = Object.keys(body.accessTokens).filter((key) => key.startsWith(service));
      expect(starting.length, service).toBeLessThanOrEqual(1);
    }
    expect(body.expiresAt).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(body.user).toMatchObject({ email: demoUsers.admin.email, role: 'Admin', name: demoUsers.admin.name });
  });

  test('e-mail addresses match regardless of case', async () => {
    await signIn(cloud, demoUsers.admin.email.toUpperCase(), demoUsers.admin.password);
  });
});

describe('GET /controllers', () => {
  test('with no query at all: {data: [{uuid, name, hostname, ...}]} with every visible site', async () => {
    const session = await signIn(cloud, demoUsers.user.email, demoUsers.user.password);
    const answer = await call(cloud, '/cloud/controllers-api/controllers', {
      headers: bearer(tokenFor(session.accessTokens, 'controllers-api')),
    });
    expect(answer.status).toBe(200);
    const { data } = listControllersResponse.parse(answer.body);
    expect(data.map((site) => site.uuid).sort()).toEqual(Object.keys(session.user.controllers).sort());
    expect(data[0]).toEqual(expect.objectContaining({ uuid: expect.any(String), name: expect.any(String), hostname: expect.any(String) }));
    expect(data.every((site) => site.rules === undefined)).toBe(true);
  });

  test('offset and limit page the list in a stable order; rules=True adds rules', async () => {
    const session = await signIn(cloud, demoUsers.admin.email, demoUsers.admin.password);
    const auth = bearer(session.accessTokens['controllers-api.localhost']!);
    const all = (await call(cloud, '/cloud/controllers-api/controllers?controllers=controllers', { headers: auth })).body.data;
    expect(all).toHaveLength(30);
    const first = (await call(cloud, '/cloud/controllers-api/controllers?controllers=controllers&offset=0&limit=12&rules=True', { headers: auth })).body.data;
    const second = (await call(cloud, '/cloud/controllers-api/controllers?controllers=controllers&offset=12&limit=10', { headers: auth })).body.data;
    expect(first.map((site: { uuid: string }) => site.uuid)).toEqual(all.slice(0, 12).map((site: { uuid: string }) => site.uuid));
    expect(second.map((site: { uuid: string }) => site.uuid)).toEqual(all.slice(12, 22).map((site: { uuid: string }) => site.uuid));
    expect(first.every((site: { rules?: number }) => site.rules === 0)).toBe(true);
  });

  test('adminControllers: an Admin administers their sites, a User none, a system admin all', async () => {
    const list = async (user: { email: string; password: string }) => {
      const session = await signIn(cloud, user.email, user.password);
      const answer = await call(cloud, '/cloud/controllers-api/controllers?controllers=adminControllers', {
        headers: bearer(session.accessTokens['controllers-api.localhost']!),
      });
      expect(answer.status).toBe(200);
      return answer.body.data as unknown[];
    };
    expect(await list(demoUsers.admin)).toHaveLength(30);
    expect(await list(demoUsers.powerUser)).toHaveLength(15);
    expect(await list(demoUsers.user)).toHaveLength(0);
    expect(await list(demoUsers.systemAdmin)).toHaveLength(60);
  });

  test("a user never sees another partner's sites", async () => {
    const admin = await signIn(cloud, demoUsers.admin.email, demoUsers.admin.password);
    const partner = await signIn(cloud, demoUsers.partnerAdmin.email, demoUsers.partnerAdmin.password);
    const sitesOf = async (session: typeof admin) =>
      (await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(session.accessTokens['controllers-api.localhost']!) }))
        .body.data.map((site: { uuid: string }) => site.uuid) as string[];
    const mine = new Set(await sitesOf(admin));
    expect((await sitesOf(partner)).some((uuid) => mine.has(uuid))).toBe(false);
  });
});
