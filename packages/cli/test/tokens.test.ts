import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { EXIT } from '../src/exitCodes.js';
import { createHome, runVarde, type VardeHome } from './helpers/runVarde.js';

/** Access tokens and service accounts from the command line (issue 34), against a real cloud. */
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

async function varde(home: VardeHome, args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  const result = await runVarde(home, args, options);
  return { ...result, json: () => JSON.parse(result.stdout) };
}

/** A home with no profile at all: only VARDE_CLOUD and VARDE_TOKEN, as a cron job has. */
const bare = (token: string) => createHome(cloud.url, { VARDE_TOKEN: token });

describe('varde tokens', () => {
  it('creates a token as one JSON document (the only time it is shown), lists and revokes it by name', async () => {
    const home = await signedIn();
    const created = await varde(home, ['tokens', 'create', '--name', 'nightly', '--json']);
    expect(created.code, created.stderr).toBe(EXIT.ok);
    const token = created.json();
    expect(token.token).toMatch(/^varde_pat_[0-9A-Za-z]{38}$/);
    expect(token).toMatchObject({ name: 'nightly', scope: 'write' });

    const list = await varde(home, ['tokens', 'list', '--json']);
    expect(list.json().map((item: { name: string }) => item.name)).toContain('nightly');
    expect(list.stdout).not.toContain(token.token);

    const job = bare(token.token);
    const whoami = await varde(job, ['whoami', '--json']);
    expect(whoami.code, whoami.stderr).toBe(EXIT.ok);
    expect(whoami.json().user.email).toBe(demoUsers.admin.email);
    expect((await varde(job, ['sites', 'list', '--json'])).code).toBe(EXIT.ok);

    const revoked = await varde(home, ['tokens', 'revoke', 'nightly']);
    expect(revoked.code, revoked.stderr).toBe(EXIT.ok);
    const after = await varde(job, ['sites', 'list']);
    expect(after.code).not.toBe(EXIT.ok);
    expect(after.stderr).toMatch(/not valid|not accepted/);
  });

  it('refuses a bad expiry or scope before sending anything', async () => {
    const home = await signedIn();
    for (const args of [['--expires', '0'], ['--expires', '400'], ['--expires', 'never'], ['--scope', 'admin']]) {
      const result = await varde(home, ['tokens', 'create', '--name', 'bad', ...args]);
      expect(result.code, args.join(' ')).toBe(EXIT.usage);
      expect(result.stderr).toMatch(/--expires|--scope/);
    }
  });

  it('a read-only token reads and is refused every write with the reason', async () => {
    const home = await signedIn();
    const token = (await varde(home, ['tokens', 'create', '--name', 'reader', '--scope', 'read', '--json'])).json().token as string;
    const job = bare(token);
    expect((await varde(job, ['users', 'list', '--json'])).code).toBe(EXIT.ok);
    const write = await varde(job, ['users', 'create', '--email', 'ro@varde.test', '--name', 'Read Only', '--role', 'User']);
    expect(write.code).not.toBe(EXIT.ok);
    expect(write.stderr).toMatch(/read-only/);
  });

  it('login --with-token stores an access token in the profile and uses it with no password', async () => {
    const token = (await varde(await signedIn(demoUsers.user), ['tokens', 'create', '--name', 'profile', '--json'])).json().token as string;
    const home = createHome(cloud.url);
    const login = await varde(home, ['login', '--with-token'], { stdin: `${token}\n` });
    expect(login.code, login.stderr).toBe(EXIT.ok);
    const whoami = await varde(home, ['whoami', '--json']);
    expect(whoami.json().user.email).toBe(demoUsers.user.email);
    const refused = await varde(createHome(cloud.url), ['login', '--with-token'], { stdin: 'varde_pat_0000000000000000000000000000000000000000\n' });
    expect(refused.code).toBe(EXIT.auth);
  });
});

describe('varde service-accounts', () => {
  it('makes a service account with a token that never expires, which a job uses with no profile', async () => {
    const home = await signedIn();
    const created = await varde(home, ['service-accounts', 'create', '--name', 'HR sync', '--role', 'Admin', '--json']);
    expect(created.code, created.stderr).toBe(EXIT.ok);
    const token = await varde(home, ['service-accounts', 'tokens', 'create', 'HR sync', '--name', 'cron', '--expires', 'never', '--json']);
    expect(token.code, token.stderr).toBe(EXIT.ok);
    expect(token.json().expiresAt).toBeNull();
    const list = await varde(home, ['service-accounts', 'list', '--json']);
    expect(list.json()).toEqual([expect.objectContaining({ name: 'HR sync', role: 'Admin', tokens: 1 })]);

    const job = bare(token.json().token);
    const whoami = await varde(job, ['whoami', '--json']);
    expect(whoami.json().user.name).toBe('HR sync');
    expect((await varde(job, ['users', 'list', '--json'])).code).toBe(EXIT.ok);

    expect((await varde(home, ['service-accounts', 'delete', 'HR sync'])).code).toBe(EXIT.ok);
    expect((await varde(job, ['users', 'list'])).code).not.toBe(EXIT.ok);
  });
});

describe('a stored credential goes only to the cloud that issued it', () => {
  it('--cloud naming another origin sends no authorization header and no cookie, and says so', async () => {
    const home = await signedIn();
    const seen: IncomingHttpHeaders[] = [];
    const listener = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"who are you"}');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    try {
      const result = await varde(home, ['--cloud', `http://127.0.0.1:${port}`, 'whoami']);
      expect(result.code).not.toBe(EXIT.ok);
      expect(result.stderr).toMatch(/not sent to http:\/\/127\.0\.0\.1/);
      for (const headers of seen) {
        expect(headers.authorization).toBeUndefined();
        expect(headers.cookie).toBeUndefined();
      }
      // The outbox is read with the profile's token when there is one, and without when not: it reaches the listener.
      await varde(home, ['--cloud', `http://127.0.0.1:${port}`, 'outbox']);
      expect(seen.length).toBeGreaterThan(0);
      const viaEnv = await varde(home, ['outbox'], { env: { VARDE_CLOUD: `http://127.0.0.1:${port}` } });
      expect(viaEnv.code).not.toBe(EXIT.ok);
      expect(seen.length).toBeGreaterThan(1);
      for (const headers of seen) expect(headers.authorization ?? headers.cookie).toBeUndefined();
      // The issuing cloud still gets them.
      expect((await varde(home, ['whoami'])).code).toBe(EXIT.ok);
    } finally {
      listener.close();
    }
  });
});
