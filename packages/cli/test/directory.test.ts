import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { usersToken } from '../../server/test/helpers/scim.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, type VardeHome } from './helpers/runVarde.js';

/** `varde directory …` (issue 36) against a real cloud, with a real SCIM client call in between. */
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud();
}, 60_000);
afterAll(() => cloud?.close());

async function signedIn(user: { email: string; password: string } = demoUsers.admin): Promise<VardeHome> {
  const home = createHome(cloud.url);
  const result = await runVarde(home, ['login', '--user', user.email, '--password-stdin'], { stdin: `${user.password}\n` });
  expect(result.code, result.stderr).toBe(EXIT.ok);
  return home;
}

async function varde(home: VardeHome, args: string[]) {
  const result = await runVarde(home, args);
  return { ...result, json: () => JSON.parse(result.stdout) };
}

async function scimPost(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

describe('varde directory', () => {
  it('creates a connection as one JSON document with the base URL and the token, maps a group, shows the log and revokes', async () => {
    const home = await signedIn();
    const created = await varde(home, ['directory', 'connections', 'create', '--name', 'Entra ID', '--json']);
    expect(created.code, created.stderr).toBe(EXIT.ok);
    const document = created.json();
    expect(document.baseUrl).toBe(`${cloud.url}/scim/v2`);
    expect(document.token).toMatch(/^varde_scim_[0-9A-Za-z]{38}$/);
    expect(document.connection).toMatchObject({ name: 'Entra ID', revokedAt: null });

    const list = await varde(home, ['directory', 'connections', 'list', '--json']);
    expect(list.json().map((item: { name: string }) => item.name)).toContain('Entra ID');
    expect(list.stdout).not.toContain(document.token);

    // The directory pushes a user and a group; an admin maps the group.
    const user = await scimPost(document.baseUrl, document.token, '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'cli.joiner@fm-firma.test', displayName: 'Cli Joiner' });
    await scimPost(document.baseUrl, document.token, '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Field techs', members: [{ value: user.id }] });
    const grantable = await fetch(`${cloud.url}/cloud/users/users/grantable`, { headers: { authorization: `Bearer ${await usersToken(cloud, demoUsers.admin)}` } });
    const site = ((await grantable.json()) as { controllers: string[] }).controllers[0]!;
    const mapped = await varde(home, ['directory', 'groups', 'map', 'Field techs', '--role', 'User', '--sites', site, '--json']);
    expect(mapped.code, mapped.stderr).toBe(EXIT.ok);
    expect(mapped.json()).toMatchObject({ displayName: 'Field techs', role: 'User', sites: [site], members: 1 });
    const groups = await varde(home, ['directory', 'groups', 'list']);
    expect(groups.stdout).toContain('Field techs');

    const log = await varde(home, ['directory', 'log', '--connection', 'Entra ID', '--json']);
    expect(log.code, log.stderr).toBe(EXIT.ok);
    const actions = log.json().map((record: { action: string }) => record.action);
    expect(actions).toEqual(expect.arrayContaining(['user.create', 'group.create', 'group.members']));
    expect(log.stdout).not.toContain(document.token);

    const revoked = await varde(home, ['directory', 'connections', 'revoke', 'Entra ID']);
    expect(revoked.code, revoked.stderr).toBe(EXIT.ok);
    const after = await fetch(`${document.baseUrl}/Users`, { headers: { authorization: `Bearer ${document.token}` } });
    expect(after.status).toBe(401);
  });

  it('refuses a bad role, sites without a role, or an unknown group before changing anything (exit 2)', async () => {
    const home = await signedIn();
    for (const args of [['--role', 'Boss'], ['--role', 'none', '--sites', 'x']]) {
      const result = await varde(home, ['directory', 'groups', 'map', 'Anything', ...args]);
      expect(result.code, result.stderr).toBe(EXIT.usage);
    }
    const unknown = await varde(home, ['directory', 'groups', 'map', 'No such group', '--role', 'User']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toContain('No directory group');
    expect((await varde(home, ['directory', 'log', '--limit', '0'])).code).toBe(EXIT.usage);
  });

  it('is for admins only', async () => {
    const home = await signedIn(demoUsers.user);
    const result = await varde(home, ['directory', 'connections', 'create', '--name', 'Mine']);
    expect(result.code).not.toBe(EXIT.ok);
    expect(result.stderr).toContain('admin');
  });
});
