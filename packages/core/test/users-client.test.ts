import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allUsers,
  createHttpClient,
  createUser,
  deleteUser,
  findUserByEmail,
  getGrantable,
  getUser,
  grantableRoles,
  HttpError,
  isUserExistsError,
  listUsers,
  login,
  sendPasswordReset,
  setUserAccess,
  setUserPassword,
  updateUser,
  type AccessTokens,
  type HttpClient,
} from './support.js';
import { demoUsers, outbox, startCloud, type Cloud } from './helpers/cloud.js';

/** core's users client against the reference cloud over real HTTP. */
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

describe('users client', () => {
  it('creates, reads, updates, grants, sets a password and deletes a sub-user', async () => {
    const http = await clientFor(demoUsers.admin);
    const grantable = await getGrantable(http);
    expect(grantable.roles).toEqual(grantableRoles('Admin'));
    const site = grantable.controllers[0]!;

    const created = await createUser(http, { username: 'core-client@example.test', name: 'Core Client', role: 'Viewer', moduleAccesses: {} });
    expect(await getUser(http, created.uid)).toEqual(created);
    expect((await findUserByEmail(http, 'CORE-CLIENT@example.test'))?.uid).toBe(created.uid);

    const duplicate = await createUser(http, { username: 'core-client@example.test', name: 'Again', role: 'Viewer' }).catch((e: unknown) => e);
    expect(isUserExistsError(duplicate)).toBe(true);

    expect((await updateUser(http, created.uid, { name: 'Renamed', language: 'se' })).name).toBe('Renamed');
    expect((await setUserAccess(http, created.uid, 'sites', site, true)).controllers).toEqual({ [site]: true });
    expect((await setUserAccess(http, created.uid, 'modules', 'alarms', true)).moduleAccesses).toEqual({ alarms: true });
    expect((await setUserAccess(http, created.uid, 'modules', 'alarms', false)).moduleAccesses).toEqual({});
    await setUserPassword(http, created.uid, 'a-good-password');
    await clientFor({ email: 'core-client@example.test', password: 'a-good-password' });
    await sendPasswordReset(http, created.uid);
    expect((await outbox(cloud, { channel: 'email', to: 'core-client@example.test' }))[0]?.body).toContain('reset-password#uuid=');

    const listed = await listUsers(http, { search: 'renamed' });
    expect(listed.data.map((user) => user.uid)).toEqual([created.uid]);

    await deleteUser(http, created.uid);
    const gone = await getUser(http, created.uid).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(HttpError);
    expect((gone as HttpError).status).toBe(404);
  });

  it('pages through every sub-user with allUsers', async () => {
    const http = await clientFor(demoUsers.admin);
    const { total } = await listUsers(http);
    const seen: string[] = [];
    for await (const user of allUsers(http, 2)) seen.push(user.username);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('surfaces the server\'s refusal of a role the grant matrix forbids', async () => {
    const http = await clientFor(demoUsers.user);
    const error = await createUser(http, { username: 'boss@example.test', name: 'Boss', role: 'Admin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
    expect((error as HttpError).detail).toBe('A User cannot grant the role Admin');
  });
});
