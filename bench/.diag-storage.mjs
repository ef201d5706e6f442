// One-off: CPU profiles of the cloud per engine during one workload (removed after use).
import { mkdirSync } from 'node:fs';
const [workloadName, engineName] = process.argv.slice(2);
process.env.BENCH_POLL_RUNS ??= '5';
process.env.BENCH_REALTIME_OPS ??= '2000';
const bench = await import('./storage.bench.mjs');
const engines = await import('./storageEngines.mjs');
const engine = engineName === 'pg' ? await engines.currentPostgres() : engineName === 'before' ? await engines.baselineSqlite('/tmp/varde-sync') : engines.currentSqlite();
const dir = `/tmp/storage-prof/${workloadName}-${engineName}`;
mkdirSync(dir, { recursive: true });
process.env.PROF_DIR = dir;
process.env.NODE_OPTIONS = process.env.DIAG_HOOK ?? "--import=/tmp/storage-prof/profile-hook.mjs";
try {
  const result = await bench[workloadName](engine);
  console.log(workloadName, engineName, JSON.stringify(result));
} finally {
  await engine.close();
}
