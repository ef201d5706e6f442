// Audit log (issue 36): what writing an audit record with every change costs `varde users import` of
// 10,000 users, on SQLite and on PostgreSQL. "Without" is this same checkout's cloud with recordAudit
// emptied; both are built from HEAD in throwaway copies (git archive, the one function patched in the
// second), so the two clouds differ in nothing else. Each import gets a fresh demo cloud; the pairs alternate, and each
// configuration's best of BENCH_AUDIT_RUNS counts (a shared machine's noise only ever slows a run).
//
//   npm run bench -- audit
//
// Environment: BENCH_USERS (default 10000), BENCH_CONCURRENCY (default 16), BENCH_AUDIT_RUNS (default 2),
// BENCH_ENGINES (sqlite,postgres by default).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/throwawayPostgres.mjs';
import { tempFolder } from './cloudProcess.mjs';
import { importUsers, signIn, tokenFor } from './usersImportCli.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 2);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const DEMO_CLOUD = ['--port', '0', '--seed', 'demo', '--simulation', 'off'];
const RECORD_AUDIT = 'export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {';

function build(at) {
  execFileSync(process.execPath, [join(at, 'packages/server/build.mjs')], { cwd: join(at, 'packages/server'), stdio: 'inherit' });
}

/** This checkout's committed cloud built in `folder` (recordAudit emptied when `withoutRecords`); its startCloud. */
async function builtCloud(folder, withoutRecords) {
  mkdirSync(folder);
  const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD', 'package.json', 'packages/server', 'packages/core', 'bench', 'scripts'], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
  symlinkSync(join(root, 'packages/server/node_modules'), join(folder, 'packages/server/node_modules'));
  if (withoutRecords) {
    const source = join(folder, 'packages/server/src/audit/recordAudit.ts');
    const text = readFileSync(source, 'utf8');
    if (!text.includes(RECORD_AUDIT)) throw new Error('recordAudit changed its signature: update bench/audit.bench.mjs');
    writeFileSync(source, text.replace(RECORD_AUDIT, `${RECORD_AUDIT}\n  if (entry) return; // bench/audit.bench.mjs: the cloud without audit records`));
  }
  build(folder);
  return (await import(pathToFileURL(join(folder, 'bench/cloudProcess.mjs')).href)).startCloud;
}

async function adminQuery(adminUrl, text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Where a cloud keeps its state: a new SQLite folder (durable writes), or a new database on the throwaway PostgreSQL. */
function storageFor(engine, postgres, work) {
  let databases = 0;
  return async (start) => {
    if (engine === 'sqlite') {
      const data = join(work, `sqlite-${Date.now()}-${Math.random().toString(36).slice(2)}`);
      mkdirSync(data);
      const cloud = await start([...DEMO_CLOUD, '--data', data]);
      return cloud;
    }
    const database = `varde_audit_bench_${process.pid}_${(databases += 1)}`;
    await adminQuery(postgres.url, `CREATE DATABASE ${database}`);
    const url = new URL(postgres.url);
    url.pathname = `/${database}`;
    const cloud = await start([...DEMO_CLOUD, '--database', url.href]);
    return { url: cloud.url, stop: async () => (await cloud.stop(), await adminQuery(postgres.url, `DROP DATABASE ${database}`)) };
  };
}

/** How many user.create records the cloud holds (the "with" cloud: one per imported user; "without": none). */
async function createRecords(url) {
  const token = tokenFor(await signIn(url), 'audit');
  let count = 0;
  let cursor = '';
  do {
    const response = await fetch(`${url}/cloud/audit/records?action=user.create&limit=500${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`audit records: ${response.status}`);
    const page = await response.json();
    count += page.records.length;
    cursor = page.nextCursor ?? '';
  } while (cursor);
  return count;
}

export default async function auditBench() {
  execFileSync('npm', ['run', 'build', '-w', 'packages/cli'], { cwd: root, stdio: 'ignore' });
  const folder = tempFolder('varde-bench-audit-');
  let postgres;
  try {
    // Both clouds from the same commit, so that nothing but the records differs (not the working tree's changes).
    const startWith = await builtCloud(join(folder.path, 'with'), false);
    const startWithout = await builtCloud(join(folder.path, 'without'), true);
    if (ENGINES.includes('postgres')) {
      execFileSync('bash', [join(root, 'scripts/ensure-postgresql.sh')], { stdio: 'inherit' });
      postgres = await startThrowawayPostgres();
    }
    const rows = [];
    for (const engine of ENGINES) {
      const cloudOn = storageFor(engine, postgres, folder.path);
      const best = { with: null, without: null };
      const records = { with: 0, without: 0 };
      for (let run = 0; run < RUNS; run += 1) {
        // Alternating which goes first, so that neither always meets the machine warmer.
        const order = run % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
        for (const variant of order) {
          const cloud = await cloudOn(variant === 'with' ? startWith : startWithout);
          try {
            const result = await importUsers({ url: cloud.url, work: folder.path, count: USERS, concurrency: CONCURRENCY });
            records[variant] = await createRecords(cloud.url);
            if (!best[variant] || result.perSecond > best[variant].perSecond) best[variant] = result;
          } finally {
            await cloud.stop();
          }
        }
      }
      if (records.with !== USERS || records.without !== 0) throw new Error(`${engine}: ${records.with} records with, ${records.without} without (expected ${USERS} and 0)`);
      const cost = (1 - best.with.perSecond / best.without.perSecond) * 100;
      const round = (value, digits = 0) => Number(value.toFixed(digits));
      rows.push({ engine, 'audit records': 'none', users: USERS, seconds: round(best.without.seconds, 1), 'users/s': round(best.without.perSecond), cost: '-' });
      rows.push({ engine, 'audit records': 'one per user', users: USERS, seconds: round(best.with.seconds, 1), 'users/s': round(best.with.perSecond), cost: `${cost >= 0 ? '' : '-'}${Math.abs(round(cost, 1))}% (goal <= 10%)` });
    }
    return {
      title: 'Audit log: varde users import with and without an audit record per change',
      rows,
      notes: [
        `best of ${RUNS} runs per row (pairs alternate); concurrency ${CONCURRENCY}; each run a fresh demo cloud in its own process; SQLite on disk (WAL, synchronous=FULL), PostgreSQL 15 throwaway server.`,
        'Both clouds are built from HEAD; "none" has recordAudit emptied (a patched copy built for the bench); the CLI is the same for both.',
        'Checked after every run: the cloud with records holds one user.create record per imported user, the other none.',
      ],
    };
  } finally {
    postgres?.stop();
    folder.remove();
  }
}
