import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccessToken,
  createHttpClient,
  createServiceAccount,
  createServiceAccountToken,
  deleteServiceAccount,
  getGrantable,
  HttpError,
  listAccessTokens,
  listServiceAccounts,
  listServiceAccountTokens,
  login,
  revokeAccessToken,
  revokeServiceAccountToken,
  type AccessTokens,
  type HttpClient,
} from './support.js';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';

/** core's access-token and service-account calls against the reference cloud over real HTTP. */
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud();
});
afterAll(() => cloud.close());

async function clientFor(user: { email: string; password: string }): Promise<HttpClient> {
  let tokens: AccessTokens | null = null;
  const http = createHttpClient({ baseUrlFor: (service) => `${cloud.url}/cloud/${service}`, accessTokens: () => tokens });
  const answer = await login(http, { piscadaId: user.email, password: user.password });
  if (answer.requireSmsValidation) throw new Error('unexpected SMS step');
  tokens = answer.accessTokens;
  return http;
}

const statusOf = (error: unknown) => (error instanceof HttpError ? error.status : error);

async function readWithToken(token: string, path: string): Promise<number> {
  return (await fetch(`${cloud.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
}

describe('access tokens client', () => {
  it('creates a token shown once, lists it without its secret, and revokes it by id', async () => {
    const http = await clientFor(demoUsers.user);
    const created = await createAccessToken(http, { name: 'core-client nightly', scope: 'read', expiresInDays: 30 });
    expect(created.token).toMatch(/^varde_pat_/);
    expect(created.expiresAt! - created.createdAt).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await readWithToken(created.token, '/cloud/users/users/grantable')).toBe(200);

    const listed = await listAccessTokens(http);
    const mine = listed.find((token) => token.id === created.id);
    expect(mine).toMatchObject({ name: 'core-client nightly', scope: 'read' });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const again = await createAccessToken(http, { name: 'core-client nightly' }).catch((e: unknown) => e);
    expect(statusOf(again)).toBe(409);

    await revokeAccessToken(http, created.id);
    expect((await listAccessTokens(http)).some((token) => token.id === created.id)).toBe(false);
    expect(await readWithToken(created.token, '/cloud/users/users/grantable')).toBe(401);
  });

  it('a person\'s token must expire; a bad expiry is a 400 naming the field', async () => {
    const http = await clientFor(demoUsers.user);
    const never = await createAccessToken(http, { name: 'forever', expiresInDays: null }).catch((e: unknown) => e);
    expect(statusOf(never)).toBe(400);
    expect((never as HttpError).detail).toContain('expiresInDays');
    const tooLong = await createAccessToken(http, { name: 'too long', expiresInDays: 367 }).catch((e: unknown) => e);
    expect(statusOf(tooLong)).toBe(400);
    expect((tooLong as HttpError).detail).toContain('expiresInDays');
  });
});

describe('service accounts client', () => {
  it('an admin makes one with a site grant, gives it a token that never expires, and deletes it', async () => {
    const http = await clientFor(demoUsers.admin);
    const site = (await getGrantable(http)).controllers[0]!;
    const account = await createServiceAccount(http, { name: 'core-client job', role: 'Viewer', controllers: { [site]: true } });
    expect(account).toMatchObject({ name: 'core-client job', role: 'Viewer', controllers: { [site]: true }, tokens: 0 });

    const token = await createServiceAccountToken(http, account.uid, { name: 'cron', scope: 'read', expiresInDays: null });
    expect(token.expiresAt).toBeNull();
    expect((await listServiceAccounts(http)).find((entry) => entry.uid === account.uid)?.tokens).toBe(1);
    expect((await listServiceAccountTokens(http, account.uid)).map((entry) => entry.name)).toEqual(['cron']);
    expect(await readWithToken(token.token, '/cloud/controllers-api/controllers')).toBe(200);

    await revokeServiceAccountToken(http, account.uid, 'cron');
    expect(await readWithToken(token.token, '/cloud/controllers-api/controllers')).toBe(401);
    await deleteServiceAccount(http, account.uid);
    expect((await listServiceAccounts(http)).some((entry) => entry.uid === account.uid)).toBe(false);
  });

  it('only an admin manages them (403), and another partner\'s is not found (404)', async () => {
    const user = await clientFor(demoUsers.user);
    expect(statusOf(await listServiceAccounts(user).catch((e: unknown) => e))).toBe(403);
    const admin = await clientFor(demoUsers.admin);
    const account = await createServiceAccount(admin, { name: 'core-client private', role: 'Viewer' });
    const other = await clientFor(demoUsers.partnerAdmin);
    expect(statusOf(await listServiceAccountTokens(other, account.uid).catch((e: unknown) => e))).toBe(404);
    expect((await listServiceAccounts(other)).some((entry) => entry.uid === account.uid)).toBe(false);
    await deleteServiceAccount(admin, account.uid);
  });
});
