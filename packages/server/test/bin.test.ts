import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';

/** The built command, as integrators run it: `varde-cloud --port 0 --memory` (built for the run: buildBundlesGlobalSetup.ts). */
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const bin = fileURLToPath(new URL('../bin/varde-cloud.js', import.meta.url));

function run(args: string[]): ChildProcess {
  return spawn(process.execPath, [bin, ...args], { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: '' } });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

test('starts, prints the URL, the outbox and the demo sign-ins, serves, and stops cleanly on SIGTERM', async () => {
  const child = run(['--port', '0', '--memory', '--seed', 'demo']);
  const exited = exitOf(child);
  let stdout = '';
  child.stdout!.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes(demoUsers.partnerUser.email)) resolve();
    });
    child.once('exit', () => reject(new Error(`exited early: ${stdout}`)));
  });
  const url = /Varde reference cloud: (http:\/\/\S+)/.exec(stdout)?.[1];
  expect(url).toMatch(/^http:\/\/localhost:\d+$/);
  expect(stdout).toContain(`${url}/cloud/outbox`);
  for (const user of Object.values(demoUsers)) expect(stdout).toContain(user.email);

  const login = await fetch(`${url}/cloud/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ piscadaId: demoUsers.user.email, password: demoUsers.user.password }),
  });
  expect(login.status).toBe(200);

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});

test('bad flags: a clear message and exit code 2', async () => {
  for (const args of [['--bogus'], ['--port', 'abc'], ['--data', 'x', '--memory'], ['--database', 'mysql://db/x'], ['--memory', '--database', 'postgres://db/x']]) {
    const child = run(args);
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => (stderr += chunk));
    expect(await exitOf(child), args.join(' ')).toBe(2);
    expect(stderr).toMatch(/^varde-cloud: /m);
    expect(stderr).toContain('Usage: varde-cloud');
  }
});

test('an unreachable database: exit 1 within 15 s, one line naming host, port and database, never the password', async () => {
  const started = Date.now();
  // Port 1 on loopback refuses at once; the password must not reach the terminal.
  const child = run(['--port', '0', '--database', 'postgres://varde:hunter2-secret@127.0.0.1:1/vardedb']);
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (output += chunk));
  }
  expect(await exitOf(child)).toBe(1);
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(output.trim().split('\n')).toEqual([expect.stringMatching(/^varde-cloud: could not start: cannot use the PostgreSQL database at 127\.0\.0\.1:1\/vardedb: /)]);
  expect(output).not.toContain('hunter2-secret');
}, 20_000);
