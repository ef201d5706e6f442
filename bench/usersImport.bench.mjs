// Users import: how fast `varde users import` creates 10,000 users in the reference cloud, beside
// the ceiling of the same cloud for POST /users measured by a load generator (undici Pool), and the
// CLI's peak memory (max RSS) for 10,000 and 100,000 rows. Each measurement gets a fresh cloud
// (its own process, same flags), so every one starts from the same table sizes.
//
//   node bench/usersImport.bench.mjs            (alone; builds server and CLI when dist/ is missing)
//   npm run bench -- usersImport                (through bench/run.mjs)
//
// Environment: BENCH_USERS (default 10000), BENCH_USERS_LARGE (default 100000, 0 skips it),
// BENCH_HEAP_CAP_MB (default 64, 0 skips it: the large import once more under --max-old-space-size),
// BENCH_CONCURRENCY (default 16), BENCH_STORAGE (memory | disk, default disk: durable writes as in
// production use).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { startCloud, tempFolder } from './cloudProcess.mjs';
import { firstSite, importUsers, signIn, tokenFor, userOf } from './usersImportCli.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const USERS_LARGE = Number(process.env.BENCH_USERS_LARGE ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const HEAP_CAP_MB = Number(process.env.BENCH_HEAP_CAP_MB ?? 64);
const STORAGE = process.env.BENCH_STORAGE === 'memory' ? 'memory' : 'disk';

function ensureBuilt() {
  if (!existsSync(join(root, 'packages/server/dist/main.js'))) execFileSync('npm', ['run', 'build', '-w', 'packages/server'], { cwd: root, stdio: 'ignore' });
  if (!existsSync(join(root, 'packages/cli/dist/varde.js'))) execFileSync('npm', ['run', 'build', '-w', 'packages/cli'], { cwd: root, stdio: 'ignore' });
}

/** A fresh cloud in its own process on a free port; resolves once it prints its URL. */
function startUsersCloud(work) {
  const args = ['--port', '0', '--seed', 'demo'];
  if (STORAGE === 'memory') args.push('--memory');
  else args.push('--data', mkdtempSync(join(work, 'cloud-')));
  return startCloud(args);
}

/** The load generator: POST /users as fast as the cloud takes it, CONCURRENCY in flight over one Pool. */
async function measureCeiling(work) {
  const cloud = await startUsersCloud(work);
  try {
    const token = tokenFor(await signIn(cloud.url), 'users');
    const site = await firstSite(cloud.url, token);
    const origin = new URL(cloud.url).origin;
    const pool = new Pool(origin, { connections: CONCURRENCY, keepAliveTimeout: 30_000 });
    let next = 0;
    let failures = 0;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const worker = async () => {
      while (next < USERS) {
        const index = next++;
        const { statusCode, body } = await pool.request({ path: '/cloud/users/users', method: 'POST', headers, body: JSON.stringify(userOf(index, site)) });
        await body.dump();
        if (statusCode !== 201) failures += 1;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    await pool.close();
    if (failures > 0) throw new Error(`${failures} POST /users failed`);
    return { seconds, perSecond: USERS / seconds };
  } finally {
    await cloud.stop();
  }
}

/** `varde users import` of `count` new users into a fresh cloud: wall time of the whole command, and its peak RSS. */
async function measureCli(work, count, nodeFlags = []) {
  const cloud = await startUsersCloud(work);
  try {
    return await importUsers({ url: cloud.url, work, count, concurrency: CONCURRENCY, nodeFlags });
  } finally {
    await cloud.stop();
  }
}

export default async function usersImportBench() {
  ensureBuilt();
  // Removed on every path: below when the bench returns or throws, by cloudProcess's exit handler on Ctrl-C.
  const folder = tempFolder('varde-bench-users-');
  const work = folder.path;
  try {
    const ceiling = await measureCeiling(work);
    const cli = await measureCli(work, USERS);
    const large = USERS_LARGE > 0 ? await measureCli(work, USERS_LARGE) : undefined;
    const capped = USERS_LARGE > 0 && HEAP_CAP_MB > 0 ? await measureCli(work, USERS_LARGE, [`--max-old-space-size=${HEAP_CAP_MB}`]) : undefined;
    const round = (value, digits = 0) => Number(value.toFixed(digits));
    const rows = [
      { measurement: `cloud ceiling: POST /users (undici load generator)`, users: USERS, seconds: round(ceiling.seconds, 1), 'users/s': round(ceiling.perSecond), 'of ceiling': '100%', 'peak RSS MB': '-' },
      { measurement: 'varde users import (whole command)', users: USERS, seconds: round(cli.seconds, 1), 'users/s': round(cli.perSecond), 'of ceiling': `${Math.round((cli.perSecond / ceiling.perSecond) * 100)}%`, 'peak RSS MB': round(cli.peakRssMb, 1) },
    ];
    if (large) {
      rows.push({ measurement: 'varde users import (whole command)', users: USERS_LARGE, seconds: round(large.seconds, 1), 'users/s': round(large.perSecond), 'of ceiling': `${Math.round((large.perSecond / ceiling.perSecond) * 100)}%`, 'peak RSS MB': round(large.peakRssMb, 1) });
    }
    if (capped) {
      rows.push({ measurement: `varde users import, old space capped at ${HEAP_CAP_MB} MB`, users: USERS_LARGE, seconds: round(capped.seconds, 1), 'users/s': round(capped.perSecond), 'of ceiling': `${Math.round((capped.perSecond / ceiling.perSecond) * 100)}%`, 'peak RSS MB': round(capped.peakRssMb, 1) });
    }
    if (large) {
      const growth = Math.round(((large.peakRssMb - cli.peakRssMb) / cli.peakRssMb) * 100);
      rows.push({ measurement: `peak RSS growth ${USERS} -> ${USERS_LARGE} rows (goal <= 15%)`, users: '-', seconds: '-', 'users/s': '-', 'of ceiling': '-', 'peak RSS MB': `${growth >= 0 ? '+' : ''}${growth}%` });
    }
    return {
      title: 'Users import: varde CLI beside the cloud\'s POST /users ceiling',
      rows,
      notes: [
        ...(capped ? [`The capped row is the same large import with --max-old-space-size=${HEAP_CAP_MB}: it completes, so what the uncapped run holds above that is garbage V8 lets accumulate before a full GC, not live data.`] : []),
        `concurrency ${CONCURRENCY} for both; storage ${STORAGE}; each row a fresh demo cloud in its own process (same flags).`,
        'CLI time is the whole command: start-up, token check, validating the file, the import, the journal.',
        'Goal: the CLI at 80 % of the ceiling or better; its peak RSS flat from 10,000 to 100,000 rows.',
      ],
    };
  } finally {
    folder.remove();
  }
}

// Runnable alone: print the table.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await usersImportBench();
  const columns = Object.keys(result.rows[0]);
  const cells = result.rows.map((row) => columns.map((column) => String(row[column])));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((line) => line[index].length)));
  const line = (values) => values.map((value, index) => value.padEnd(widths[index])).join('  ');
  process.stdout.write(`\n${result.title}\n\n${[line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n')}\n`);
  for (const note of result.notes) process.stdout.write(`  ${note}\n`);
}
