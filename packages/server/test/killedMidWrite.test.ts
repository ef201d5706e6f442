import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { demoUsers } from '../src/seed/demoUsers.js';
import { bearer, call, signIn } from './helpers/http.js';
import { newPostgresDatabase } from './helpers/startCloud.js';

/**
 * The cloud as a process, killed with SIGKILL while users are being created: every creation it answered
 * 2xx is there after a restart on the same storage, and the demo seed is not repeated (both engines).
 */
// The built command (npm test builds first; alone: npm run build -w @varde/server).
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'varde-kill-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function startProcess(storage: string[]): Promise<{ child: ChildProcess; url: string }> {
  if (!existsSync(main)) throw new Error(`${main} is missing: npm run build -w @varde/server`);
  const child = spawn(process.execPath, [main, '--port', '0', '--seed', 'demo', '--simulation', 'off', ...storage], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '' },
  });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Varde reference cloud: (http:\/\/\S+)/.exec(output);
      if (match && output.includes('Demo sign-ins')) resolve(match[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the cloud exited (${code}): ${output}`)));
  });
  return { child, url };
}

const newEmail = (n: number) => `killed-${n}-${Date.now()}@kunde.test`;

test('SIGKILL mid-write loses nothing that was answered 2xx; the restart keeps the data and seeds nothing twice', async () => {
  const postgres = await newPostgresDatabase();
  const storage = postgres ? ['--database', (postgres.storage as { url: string }).url] : ['--data', dir];
  try {
    const first = await startProcess(storage);
    const admin = await signIn(first, demoUsers.admin.email, demoUsers.admin.password);
    const token = admin.accessTokens['users.localhost']!;
    const sitesOf = async (cloud: { url: string }, signedIn: typeof admin) =>
      (await call(cloud, '/cloud/controllers-api/controllers', { headers: bearer(signedIn.accessTokens['controllers-api.localhost']!) })).body.data.length as number;
    const sitesBefore = await sitesOf(first, admin);
    const answered: string[] = [];
    let sent = 0;
    // Each writer creates users until the cloud is gone (a request without an answer): the kill lands
    // while the four wait for answers, and an answer the cloud wrote before it died is still read, so
    // counted as answered (and must then be kept).
    const writer = async () => {
      for (;;) {
        const email = newEmail((sent += 1));
        const answer = await call(first, '/cloud/users/users', { headers: bearer(token), json: { username: email, name: 'Killed Midway', role: 'User' } }).catch(() => undefined);
        if (!answer) return;
        if (answer.status >= 200 && answer.status < 300) answered.push(email);
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    await expect.poll(() => answered.length, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(40);
    first.child.kill('SIGKILL');
    await Promise.all(writers);

    const second = await startProcess(storage);
    const again = await signIn(second, demoUsers.admin.email, demoUsers.admin.password);
    const list = await call(second, '/cloud/users/users?search=killed-&limit=1000', { headers: bearer(again.accessTokens['users.localhost']!) });
    expect(list.status).toBe(200);
    const emails: string[] = list.body.data.map((user: { username: string }) => user.username);
    for (const email of answered) expect(emails, email).toContain(email);
    expect(new Set(emails).size).toBe(emails.length);
    // The restart did not seed again: the same sites, once each.
    expect(await sitesOf(second, again)).toBe(sitesBefore);
    second.child.kill('SIGTERM');
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await postgres?.drop();
  }
}, 90_000);
