import { execFile } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { manualClock } from '../../server/test/helpers/manualClock.js';
import { CloudSession } from '../src/cloud/cloudSession.js';
import { resolveSettings } from '../src/config/settings.js';
import { EXIT } from '../src/exitCodes.js';
import packageJson from '../package.json' with { type: 'json' };
import { binPath, createHome, runVarde, spawnVarde, type VardeHome } from './helpers/runVarde.js';

let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud();
}, 60_000);

afterAll(async () => {
  await cloud?.close();
});

const admin = demoUsers.admin;
const smsUser = demoUsers.sms;

async function signIn(home: VardeHome, user: { email: string; password: string } = admin, extraArgs: string[] = []) {
  const result = await runVarde(home, ['login', '--user', user.email, '--password-stdin', ...extraArgs], {
    stdin: `${user.password}\n`,
  });
  expect(result.code, result.stderr).toBe(EXIT.ok);
  return result;
}

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function storedTokens(home: VardeHome, profile = 'default'): string[] {
  const tokens = home.readConfig().profiles[profile]?.accessTokens as Record<string, string> | undefined;
  return Object.values(tokens ?? {});
}

describe('varde login with a password', () => {
  it('signs in with the password on stdin and keeps the session in a 0600 file in a 0700 directory', async () => {
    const home = createHome(cloud.url);
    const result = await signIn(home);
    // Piped: stdout is for data only, the confirmation goes to stderr.
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Signed in to http:\/\/\S+ as Anders Admin <admin@varde.test> \(profile default\) until \S+Z\.\n$/);

    expect(statSync(home.configPath).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(home.configPath)).mode & 0o777).toBe(0o700);
    const profile = home.readConfig().profiles.default;
    expect(profile).toMatchObject({ cloud: cloud.url, user: admin.email });
    expect(Object.keys(profile?.accessTokens as object)).toContain('controllers-api.localhost');
    expect(profile?.expiresAt).toBeGreaterThan(Date.now());
  });

  it('answers a wrong password with exit code 4 and the server reason, storing nothing', async () => {
    const home = createHome(cloud.url);
    const result = await runVarde(home, ['login', '--user', demoUsers.guest.email, '--password-stdin'], {
      stdin: 'not-the-password\n',
    });
    expect(result.code).toBe(EXIT.auth);
    expect(result.stderr).toBe('varde: Sign-in failed: Wrong username or password\n');
    expect(result.stdout).toBe('');
    expect(() => home.readConfig()).toThrow(/ENOENT/);
  });

  it('refuses to read a password without a terminal unless --password-stdin says so', async () => {
    const home = createHome(cloud.url);
    const result = await runVarde(home, ['login', '--user', admin.email], { stdin: `${admin.password}\n` });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('--password-stdin');
  });

  it('prints the signed-in user as JSON with --json', async () => {
    const home = createHome(cloud.url);
    const result = await runVarde(home, ['login', '--json', '--user', admin.email, '--password-stdin'], {
      stdin: `${admin.password}\n`,
    });
    expect(result.code).toBe(EXIT.ok);
    const printed = JSON.parse(result.stdout) as { profile: string; cloud: string; user: { email: string } };
    expect(printed).toMatchObject({ profile: 'default', cloud: cloud.url, user: { email: admin.email } });
    for (const token of storedTokens(home)) expect(result.stdout).not.toContain(token);
  });
});

describe('varde login with an SMS second factor', () => {
  async function readSmsCode(home: VardeHome, since: number): Promise<string> {
    const outbox = await runVarde(home, ['outbox', '--channel', 'sms', '--to', smsUser.smsPhone, '--since', String(since), '--json']);
    expect(outbox.code).toBe(EXIT.ok);
    const messages = JSON.parse(outbox.stdout) as Array<{ body: string }>;
    const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`no SMS code in the outbox: ${outbox.stdout}`);
    return code;
  }

  it('reads the code from the next line of stdin once the SMS has been sent', async () => {
    const home = createHome(cloud.url);
    const since = Date.now();
    const login = spawnVarde(home, ['login', '--user', smsUser.email, '--password-stdin', '--sms-code-stdin']);
    login.child.stdin.write(`${smsUser.password}\n`);
    await login.stderrContains('An SMS code was sent');
    login.child.stdin.end(`${await readSmsCode(home, since)}\n`);
    const result = await login.done;
    expect(result.code).toBe(EXIT.ok);

    const whoami = await runVarde(home, ['whoami', '--json']);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ user: { email: smsUser.email, name: smsUser.name } });
  });

  it('answers a wrong code with exit code 4', async () => {
    const home = createHome(cloud.url);
    const result = await runVarde(home, ['login', '--user', smsUser.email, '--password-stdin', '--sms-code-stdin'], {
      stdin: `${smsUser.password}\n000000\n`,
    });
    expect(result.code).toBe(EXIT.auth);
    expect(result.stderr).toContain('Sign-in failed: Wrong sms token');
  });

  it('says which flag is missing when the code is needed but stdin is not a terminal', async () => {
    const home = createHome(cloud.url);
    const result = await runVarde(home, ['login', '--user', smsUser.email, '--password-stdin'], {
      stdin: `${smsUser.password}\n`,
    });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('--sms-code-stdin');
  });
});

describe('varde whoami', () => {
  it('prints key<TAB>value lines when piped and the user as JSON with --json, never a token', async () => {
    const home = createHome(cloud.url);
    await signIn(home);
    const tokens = storedTokens(home);

    const piped = await runVarde(home, ['whoami']);
    expect(piped.code).toBe(EXIT.ok);
    const lines = piped.stdout.trimEnd().split('\n');
    expect(lines.every((line) => line.split('\t').length === 2)).toBe(true);
    expect(lines).toContain(`email\t${admin.email}`);
    expect(lines).toContain(`name\t${admin.name}`);
    expect(lines).toContain('role\tAdmin');

    const json = await runVarde(home, ['whoami', '--json']);
    const parsed = JSON.parse(json.stdout) as { profile: string; user: { email: string; role: string } };
    expect(parsed).toMatchObject({ profile: 'default', cloud: cloud.url, user: { email: admin.email, role: 'Admin' } });

    for (const output of [piped.stdout, piped.stderr, json.stdout, json.stderr]) {
      for (const token of tokens) expect(output).not.toContain(token);
    }
  });

  it('exits with 3 and says how to sign in when there is no session', async () => {
    const result = await runVarde(createHome(cloud.url), ['whoami', '--profile', 'staging']);
    expect(result.code).toBe(EXIT.auth);
    expect(result.stderr).toBe('varde: Not signed in. Run: varde login --profile staging\n');
  });

  it('renews expired tokens through the session and stores the fresh ones', async () => {
    const home = createHome(cloud.url);
    await signIn(home);
    const before = home.readConfig();
    const profile = before.profiles.default!;
    // Pretend an hour has passed: the stored expiry is in the past.
    writeFileSync(home.configPath, JSON.stringify({ ...before, profiles: { default: { ...profile, expiresAt: Date.now() - 1000 } } }));

    const result = await runVarde(home, ['whoami', '--json']);
    expect(result.code).toBe(EXIT.ok);
    const after = home.readConfig().profiles.default!;
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    expect(statSync(home.configPath).mode & 0o777).toBe(0o600);
  });

  it('keeps profiles apart', async () => {
    const home = createHome(cloud.url);
    await signIn(home, demoUsers.viewer, ['--profile', 'viewer']);
    await signIn(home, admin);
    const viewer = await runVarde(home, ['--profile', 'viewer', 'whoami', '--json']);
    const byEnv = await runVarde(home, ['whoami', '--json'], { env: { VARDE_PROFILE: 'viewer' } });
    const main = await runVarde(home, ['whoami', '--json']);
    expect(JSON.parse(viewer.stdout).user.email).toBe(demoUsers.viewer.email);
    expect(JSON.parse(byEnv.stdout).user.email).toBe(demoUsers.viewer.email);
    expect(JSON.parse(main.stdout).user.email).toBe(admin.email);
  });
});

/** One cloud on a clock these tests move (each signs in anew, at the clock's time): a cloud start fewer. */
describe('a cloud whose clock the tests move', () => {
  const clock = manualClock();
  let clocked: Cloud;
  beforeAll(async () => {
    clocked = await startCloud({ clock });
  });
  afterAll(() => clocked?.close());

  describe('a session whose tokens the cloud has expired', () => {
    it('is renewed with the session cookie after a 401, and a bare token then fails with exit code 4', async () => {
      const home = createHome(clocked.url);
      await signIn(home);
      const tokens = home.readConfig().profiles.default!.accessTokens as Record<string, string>;
      // Two hours later by the cloud's clock: every access token has expired, the session has not.
      clock.advance(2 * 60 * 60_000);

      const result = await runVarde(home, ['api', 'controllers-api', '/controllers']);
      expect(result.code, result.stderr).toBe(EXIT.ok);
      expect(storedTokens(home)).not.toEqual(Object.values(tokens));

      const bare = await runVarde(createHome(clocked.url), ['whoami'], { env: { VARDE_TOKEN: JSON.stringify(tokens) } });
      expect(bare.code).toBe(EXIT.auth);
      expect(bare.stderr).toBe('varde: The token in VARDE_TOKEN was not accepted or has expired.\n');
    });
  });

  describe('two varde processes on one profile', () => {
    it('a long run renews from what the other stored after renewing (the cloud rotates the cookie)', async () => {
      const home = createHome(clocked.url);
      await signIn(home);
      const long = new CloudSession(resolveSettings({}, home.env));
      const oldCookies = long.authCookies;
      // Another process renews meanwhile and stores the rotated cookie.
      const stored = home.readConfig();
      writeFileSync(home.configPath, JSON.stringify({ ...stored, profiles: { default: { ...stored.profiles.default!, expiresAt: Date.now() - 1000 } } }));
      expect((await runVarde(home, ['whoami'])).code).toBe(EXIT.ok);
      expect(home.readConfig().profiles.default!.authCookies).not.toEqual(oldCookies);
      clock.advance(60_000); // past the grace in which the retired cookie still counts

      await long.renew();
      expect(long.authCookies).not.toEqual(oldCookies);
      expect((await runVarde(home, ['whoami'])).code).toBe(EXIT.ok);
    });
  });
});

describe('tokens from outside', () => {
  it('stores the auth token given with --token-stdin, and uses VARDE_TOKEN without storing it', async () => {
    const source = createHome(cloud.url);
    await signIn(source, demoUsers.powerUser);
    const tokens = source.readConfig().profiles.default!.accessTokens as Record<string, string>;
    const authToken = tokens['auth.localhost']!;

    const home = createHome(cloud.url);
    const login = await runVarde(home, ['login', '--token-stdin'], { stdin: `${authToken}\n` });
    expect(login.code).toBe(EXIT.ok);
    expect(home.readConfig().profiles.default).toMatchObject({ user: demoUsers.powerUser.email });
    const whoami = await runVarde(home, ['whoami', '--json']);
    expect(JSON.parse(whoami.stdout).user.email).toBe(demoUsers.powerUser.email);

    const oneOff = createHome(cloud.url);
    const withEnv = await runVarde(oneOff, ['whoami', '--json'], { env: { VARDE_TOKEN: JSON.stringify(tokens) } });
    expect(withEnv.code).toBe(EXIT.ok);
    expect(JSON.parse(withEnv.stdout)).toMatchObject({ credentials: 'environment', user: { email: demoUsers.powerUser.email } });
    expect(() => oneOff.readConfig()).toThrow(/ENOENT/);
  });

  it('rejects a token the cloud does not accept with exit code 4', async () => {
    const home = createHome(cloud.url);
    const result = await runVarde(home, ['login', '--token-stdin'], { stdin: 'not-a-real-token\n' });
    expect(result.code).toBe(EXIT.auth);
    expect(result.stderr).toMatch(/^varde: Sign-in failed: /);
  });
});

describe('varde api', () => {
  it('calls a service with its token and prints the JSON answer', async () => {
    const home = createHome(cloud.url);
    await signIn(home);
    const result = await runVarde(home, ['api', 'controllers-api', '/controllers']);
    expect(result.code).toBe(EXIT.ok);
    const answer = JSON.parse(result.stdout) as { data: Array<{ uuid: string; name: string; hostname: string }> };
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data[0]).toEqual(expect.objectContaining({ uuid: expect.any(String), hostname: expect.any(String) }));

    const paged = await runVarde(home, ['api', 'controllers-api', '/controllers', '-q', 'offset=1', '-q', 'limit=2']);
    expect((JSON.parse(paged.stdout) as typeof answer).data.map((site) => site.uuid)).toEqual(
      answer.data.slice(1, 3).map((site) => site.uuid),
    );
  });

  it('maps answers and input to exit codes: not found, a malformed input file, usage, signed out', async () => {
    const home = createHome(cloud.url);
    await signIn(home);
    const missing = await runVarde(home, ['api', 'controllers-api', '/no-such-route']);
    expect(missing.code).toBe(EXIT.notFound);
    expect(missing.stderr).toMatch(/^varde: HTTP 404 - Not Found/);

    const badJson = await runVarde(home, ['api', 'auth', '/session/userinfo', '--input', '-'], { stdin: '{"broken": ' });
    expect(badJson.code).toBe(EXIT.usage);
    expect(badJson.stderr).toContain('stdin is not valid JSON');

    const badQuery = await runVarde(home, ['api', 'controllers-api', '/controllers', '-q', 'novalue']);
    expect(badQuery.code).toBe(EXIT.usage);

    const signedOut = await runVarde(createHome(cloud.url), ['api', 'controllers-api', '/controllers']);
    expect(signedOut.code).toBe(EXIT.auth);
  });

  it('sends a body from --input to the service', async () => {
    const home = createHome(cloud.url);
    const result = await runVarde(home, ['api', 'auth', '/login', '--input', '-'], {
      stdin: JSON.stringify({ piscadaId: admin.email, password: 'wrong-password' }),
    });
    expect(result.code).toBe(EXIT.auth);
    expect(result.stderr).toContain('Wrong username or password');
  });
});

describe('varde outbox', () => {
  it('prints tab-separated lines without a header when piped', async () => {
    const home = createHome(cloud.url);
    await runVarde(home, ['login', '--user', smsUser.email, '--password-stdin'], { stdin: `${smsUser.password}\n` });
    const result = await runVarde(home, ['outbox', '--channel', 'sms']);
    expect(result.code).toBe(EXIT.ok);
    const rows = result.stdout.trimEnd().split('\n').map((line) => line.split('\t'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toHaveLength(6);
      expect(row[0]).toMatch(/^\d+$/);
      expect(row[2]).toBe('sms');
    }
    expect(rows.some((row) => row[3] === smsUser.smsPhone)).toBe(true);
  });

  it('rejects an unknown channel as a usage error', async () => {
    const result = await runVarde(createHome(cloud.url), ['outbox', '--channel', 'pigeon']);
    expect(result.code).toBe(EXIT.usage);
  });

  describe('a private outbox', () => {
    // One cloud for both tests, on a clock the second moves (each signs in anew).
    const clock = manualClock();
    let privateCloud: Cloud;
    beforeAll(async () => {
      privateCloud = await startCloud({ outbox: 'private', clock });
    }, 60_000);
    afterAll(() => privateCloud?.close());

    it("is read with a system admin's profile, and says why not without one", async () => {
      const stranger = await runVarde(createHome(privateCloud.url), ['outbox']);
      expect(stranger.code).not.toBe(EXIT.ok);
      expect(stranger.stderr).toContain('system admins');
      const home = createHome(privateCloud.url);
      await runVarde(home, ['login', '--user', demoUsers.systemAdmin.email, '--password-stdin'], { stdin: `${demoUsers.systemAdmin.password}\n` });
      await runVarde(createHome(privateCloud.url), ['api', 'auth', '/requestResetPassword', '--input', '-'], { stdin: JSON.stringify({ email: admin.email }) });
      const result = await runVarde(home, ['outbox', '--to', admin.email, '--json']);
      expect(result.code).toBe(EXIT.ok);
      expect(JSON.parse(result.stdout)[0].body).toContain('reset-password');
    });

    it("is read after renewing a system admin's expired tokens", async () => {
      const home = createHome(privateCloud.url);
      await runVarde(home, ['login', '--user', demoUsers.systemAdmin.email, '--password-stdin'], { stdin: `${demoUsers.systemAdmin.password}\n` });
      clock.advance(2 * 60 * 60_000); // every access token has expired by the cloud's clock, the session has not
      const result = await runVarde(home, ['outbox', '--json']);
      expect(result.code, result.stderr).toBe(EXIT.ok);
      expect(JSON.parse(result.stdout)).toEqual(expect.any(Array));
    });
  });
});

describe('varde logout', () => {
  it('ends the backend session and deletes the stored credentials, and is idempotent', async () => {
    const home = createHome(cloud.url);
    await signIn(home);
    const cookies = home.readConfig().profiles.default!.authCookies as Record<string, string>;
    expect(Object.keys(cookies).length).toBe(1);

    const result = await runVarde(home, ['logout', '--json']);
    expect(result.code).toBe(EXIT.ok);
    expect(JSON.parse(result.stdout)).toEqual({ profile: 'default', cloudSession: 'signed-out', localCredentialsDeleted: true });
    const profile = home.readConfig().profiles.default!;
    expect(profile).toEqual({ cloud: cloud.url, user: admin.email });

    expect((await runVarde(home, ['whoami'])).code).toBe(EXIT.auth);
    expect((await runVarde(home, ['logout'])).code).toBe(EXIT.ok);

    // The old session cookie no longer renews anything.
    const renew = await fetch(`${cloud.url}/cloud/auth/session/renew`, {
      method: 'POST',
      headers: { cookie: Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(renew.status).toBe(401);
  });
});

describe('a proxy from HTTP_PROXY', () => {
  it('carries the requests to the cloud', async () => {
    const tunnels: string[] = [];
    const proxy = createHttpServer();
    proxy.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
      tunnels.push(request.url ?? '');
      const [host, port] = (request.url ?? '').split(':');
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
      const result = await runVarde(createHome(cloud.url), ['outbox', '--json'], { env: { HTTP_PROXY: proxyUrl } });
      expect(result.code, result.stderr).toBe(EXIT.ok);
      expect(tunnels).toEqual([new URL(cloud.url).host]);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

describe('errors and help', () => {
  it('exits with 6 when the cloud cannot be reached', async () => {
    const home = createHome(`http://127.0.0.1:${await closedPort()}`);
    const result = await runVarde(home, ['outbox']);
    expect(result.code).toBe(EXIT.unavailable);
    expect(result.stderr).toContain('ECONNREFUSED');
  });

  it('exits with 2 on unknown commands and options', async () => {
    const home = createHome(cloud.url);
    expect((await runVarde(home, ['frobnicate'])).code).toBe(EXIT.usage);
    expect((await runVarde(home, ['whoami', '--no-such-option'])).code).toBe(EXIT.usage);
    expect((await runVarde(home, [])).code).toBe(EXIT.usage);
  });

  it('runs from its bin entry', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [binPath, '--version']);
    expect(stdout).toBe(`${packageJson.version}\n`);
  });

  it('documents every exit code in varde help exit-codes', async () => {
    const result = await runVarde(createHome(cloud.url), ['help', 'exit-codes']);
    expect(result.code).toBe(EXIT.ok);
    const codes = result.stdout.trimEnd().split('\n').map((line) => Number(line.split('\t')[0]));
    expect(codes).toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });
});
