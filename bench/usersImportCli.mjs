// `varde users import` driven against a running reference cloud, for the benchmarks that time it
// (storage.bench.mjs; usersImport.bench.mjs does the same steps with its own copy of them). Only
// the cloud is the benchmark's business: this signs in, writes the CSV, logs the CLI in and times
// the whole import command.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killOnExit } from './cloudProcess.mjs';

const vardeBin = join(fileURLToPath(new URL('..', import.meta.url)), 'packages/cli/bin/varde.js');
// Printed by the CLI process on exit: its peak resident memory (kB on Linux).
const PEAK_RSS_HOOK = `data:text/javascript,process.on('exit',()=>process.stderr.write('PEAK_RSS_KB='+process.resourceUsage().maxRSS+'\\n'))`;

/** The demo system administrator's access tokens (host -> token). */
export async function signIn(url) {
  const response = await fetch(`${url}/cloud/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ piscadaId: 'admin@varde.test', password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return (await response.json()).accessTokens;
}

export function tokenFor(tokens, service) {
  return Object.entries(tokens).find(([host]) => host.startsWith(`${service}.`))[1];
}

/** The first site the signed-in administrator may grant. */
export async function firstSite(url, token) {
  const response = await fetch(`${url}/cloud/users/users/grantable`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()).controllers[0];
}

/** The row every imported user gets: same body, same work for the cloud. */
export function userOf(index, site) {
  return { username: `bench${index}@example.test`, name: `Bench User ${index}`, role: 'User', phone: '+4790000000', controllers: { [site]: true }, moduleAccesses: { alarms: true, sites: true } };
}

export async function writeCsv(path, count, site) {
  const out = createWriteStream(path);
  out.write('email,name,role,phone,sites,modules\n');
  for (let index = 0; index < count; index += 1) {
    const user = userOf(index, site);
    if (!out.write(`${user.username},${user.name},User,${user.phone},${site},alarms;sites\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Runs the CLI with its own HOME (its login lives there); resolves with exit code, stderr and peak RSS. */
export function runVarde(home, url, args, stdin = '', nodeFlags = []) {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), VARDE_CLOUD: url };
    const child = killOnExit(spawn(process.execPath, [...nodeFlags, '--import', PEAK_RSS_HOOK, vardeBin, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] }));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.stdout.resume();
    child.stdin.end(stdin);
    child.on('error', reject);
    child.on('close', (code) => {
      const peak = Number(/PEAK_RSS_KB=(\d+)/.exec(stderr)?.[1] ?? NaN);
      resolve({ code, stderr, peakRssMb: peak / 1024 });
    });
  });
}

/**
 * `varde users import` of `count` new users into the cloud at `url` (one that has no bench users yet),
 * files under `work`: wall time of the whole command (start-up, token check, validation, the import,
 * the journal) and the CLI's peak RSS.
 */
export async function importUsers({ url, work, count, concurrency, nodeFlags = [] }) {
  const site = await firstSite(url, tokenFor(await signIn(url), 'users'));
  const home = mkdtempSync(join(work, 'home-'));
  const login = await runVarde(home, url, ['login', '--user', 'admin@varde.test', '--password-stdin'], 'demo1234\n');
  if (login.code !== 0) throw new Error(`varde login failed: ${login.stderr}`);
  const csv = join(home, `users-${count}.csv`);
  await writeCsv(csv, count, site);
  const started = performance.now();
  const result = await runVarde(home, url, ['users', 'import', csv, '--concurrency', String(concurrency)], '', nodeFlags);
  const seconds = (performance.now() - started) / 1000;
  if (result.code !== 0) throw new Error(`varde users import exited ${result.code}: ${result.stderr.slice(-500)}`);
  return { seconds, perSecond: count / seconds, peakRssMb: result.peakRssMb };
}
