import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../server/src/seed/demoUsers.js';
import { createHome, runVarde, spawnVarde, type VardeHome } from './helpers/runVarde.js';

/**
 * `varde users import` against a reference cloud in its own process (so that it can be killed),
 * with durable storage in a temporary directory.
 */
const serverDirectory = fileURLToPath(new URL('../../server', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'varde-users-import-'));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface CloudProcess {
  url: string;
  child: ChildProcess;
}

async function startCloudProcess(port: number, dataDir: string): Promise<CloudProcess> {
  const child = spawn(process.execPath, [join(serverDirectory, 'bin', 'varde-cloud.js'), '--port', String(port), '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Varde reference cloud:')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`cloud exited (${code}): ${output}`)));
  });
  return { url: `http://localhost:${port}`, child };
}

async function stopCloud(cloud: CloudProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!cloud || cloud.child.exitCode !== null || cloud.child.signalCode !== null) return;
  const exited = once(cloud.child, 'exit');
  cloud.child.kill(signal);
  await exited;
}

async function signIn(home: VardeHome): Promise<void> {
  const result = await runVarde(home, ['login', '--user', demoUsers.admin.email, '--password-stdin'], { stdin: `${demoUsers.admin.password}\n` });
  expect(result.code, result.stderr).toBe(0);
}

/** The admin's users whose e-mail contains `needle`, read back through the API. */
async function usersMatching(home: VardeHome, needle: string): Promise<Array<{ uid: string; username: string; name: string }>> {
  const result = await runVarde(home, ['users', 'list', '--search', needle, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

function csvOf(rows: string[]): string {
  return `email,name,role,phone,modules\n${rows.join('\n')}\n`;
}

let cloud: CloudProcess | undefined;
let port: number;
const dataDir = join(work, 'cloud-data');

beforeAll(async () => {
  port = await freePort();
  cloud = await startCloudProcess(port, dataDir);
}, 120_000);

afterAll(async () => {
  await stopCloud(cloud);
});

describe('varde users import', () => {
  it('reports every bad row with its line number and creates nothing (exit 2)', async () => {
    const home = createHome(cloud!.url);
    await signIn(home);
    const file = join(work, 'bad.csv');
    writeFileSync(
      file,
      csvOf([
        'ok1@bad.test,Ok One,User,,alarms',
        'not-an-email,Bad Email,User,,',
        'ok2@bad.test,,User,,',
        'ok3@bad.test,Bad Role,Boss,,',
        'ok4@bad.test,Bad Module,User,,nonsense',
        'ok1@bad.test,Duplicate,User,,',
        'ok5@bad.test,Ok Five,Viewer,,sites',
      ]),
    );
    const result = await runVarde(home, ['users', 'import', file]);
    expect(result.code).toBe(2);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('line '));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^line 3: email: E-mail must be valid/);
    expect(lines[1]).toMatch(/^line 4: name: Name is required/);
    expect(lines[2]).toMatch(/^line 5: role: must be one of/);
    expect(lines[3]).toMatch(/^line 6: modules: /);
    expect(lines[4]).toBe('line 7: ok1@bad.test is already on line 2');
    expect(result.stderr).toContain('5 invalid rows');
    expect(await usersMatching(home, '@bad.test')).toEqual([]);
  });

  it('plans with --dry-run, upserts on e-mail, writes a report, and export round-trips unchanged', async () => {
    const home = createHome(cloud!.url);
    await signIn(home);
    const file = join(work, 'plan.csv');
    writeFileSync(file, csvOf(['a@plan.test,Anne,User,+4711111111,alarms;sites', 'b@plan.test,Bo,Guest,,']));
    const plan = await runVarde(home, ['users', 'import', file, '--dry-run']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toBe('create\t2\ta@plan.test\ncreate\t3\tb@plan.test\n');
    expect(await usersMatching(home, '@plan.test')).toEqual([]);

    const first = await runVarde(home, ['users', 'import', file]);
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(file, csvOf(['a@plan.test,Anne Changed,User,+4711111111,alarms;sites', 'b@plan.test,Bo,Guest,,']));
    const report = join(work, 'report.json');
    const second = await runVarde(home, ['users', 'import', file, '--report', report]);
    expect(second.code, second.stderr).toBe(0);
    // Entries are written as rows finish, so their order follows completion, not the file.
    const entries = (JSON.parse(readFileSync(report, 'utf8')) as Array<{ line: number }>).sort((a, b) => a.line - b.line);
    expect(entries).toEqual([
      { line: 2, key: 'a@plan.test', action: 'update', status: 'ok', error: null },
      { line: 3, key: 'b@plan.test', action: 'unchanged', status: 'ok', error: null },
    ]);
    const users = await usersMatching(home, '@plan.test');
    expect(users.map((user) => user.name)).toEqual(['Anne Changed', 'Bo']);

    const exported = join(work, 'export.csv');
    expect((await runVarde(home, ['users', 'export', exported])).code).toBe(0);
    const again = await runVarde(home, ['users', 'import', exported, '--dry-run']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.split('\n').filter(Boolean).every((line) => line.startsWith('unchanged\t'))).toBe(true);
  });

  it('exits 4 when not signed in', async () => {
    const home = createHome(cloud!.url);
    const file = join(work, 'any.csv');
    writeFileSync(file, csvOf(['x@nosession.test,X,User,,']));
    const result = await runVarde(home, ['users', 'import', file]);
    expect(result.code).toBe(4);
  });

  it('survives the cloud being killed mid-import: --resume ends with exactly 1,000 users and no duplicates', async () => {
    const home = createHome(cloud!.url);
    await signIn(home);
    const file = join(work, 'thousand.csv');
    writeFileSync(file, csvOf(Array.from({ length: 1000 }, (_, index) => `user${index}@kill.test,Kill Test ${index},User,,alarms`)));
    const journal = `${file}.varde-journal`;
    const journaled = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').length - 2 : 0);

    const running = spawnVarde(home, ['users', 'import', file, '--concurrency', '4', '--retries', '2']);
    running.child.stdin.end();
    // Kill the cloud (no clean shutdown) once some rows, but far from all, are confirmed.
    while (journaled() < 150) {
      if (running.child.exitCode !== null) throw new Error(`import ended before the kill: ${(await running.done).stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await stopCloud(cloud, 'SIGKILL');
    const interrupted = await running.done;
    expect(interrupted.code, interrupted.stderr).toBe(3);
    expect(interrupted.stderr).toContain('--resume');
    const doneBefore = journaled();
    expect(doneBefore).toBeLessThan(1000);

    cloud = await startCloudProcess(port, dataDir);
    const resumed = await runVarde(home, ['users', 'import', file, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming: \d+ of 1000 rows were done before/);
    expect(existsSync(journal)).toBe(false);

    const users = await usersMatching(home, '@kill.test');
    expect(users).toHaveLength(1000);
    expect(new Set(users.map((user) => user.username)).size).toBe(1000);
    expect(new Set(users.map((user) => user.uid)).size).toBe(1000);
    expect(users.map((user) => user.username).sort()).toEqual(
      Array.from({ length: 1000 }, (_, index) => `user${index}@kill.test`).sort(),
    );
  }, 120_000);
});
