// The storage engines storage.bench.mjs compares. Each engine starts fresh demo clouds of its own
// (`startCloud(extraArgs?)` -> { url, stop }), so every workload begins from the same data:
//   - SQLite: `--data` in a new temporary folder (WAL, synchronous=FULL: durable, as in production),
//   - PostgreSQL: `--database` on a new database of one throwaway server (scripts/throwawayPostgres.mjs),
//   - SQLite before the asynchronous layer: the same, run from a built checkout of the synchronous
//     version (BENCH_BASELINE_ROOT), through that checkout's own cloudProcess.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/throwawayPostgres.mjs';
import { startCloud, tempFolder } from './cloudProcess.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const DEMO_CLOUD = ['--port', '0', '--seed', 'demo'];

/** An engine whose clouds keep their state in a new folder each (`start` is a cloudProcess startCloud). */
function sqliteEngine(name, start) {
  return {
    name,
    async startCloud(extraArgs = []) {
      const data = tempFolder('varde-bench-storage-');
      try {
        const cloud = await start([...DEMO_CLOUD, ...extraArgs, '--data', data.path]);
        return { url: cloud.url, stop: async () => (await cloud.stop(), data.remove()) };
      } catch (error) {
        data.remove();
        throw error;
      }
    },
    async close() {},
  };
}

export function currentSqlite() {
  return sqliteEngine('SQLite', startCloud);
}

/** A statement on the throwaway server's admin database, on a connection of its own (none stays idle). */
async function adminQuery(adminUrl, text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One throwaway PostgreSQL for the run; each cloud gets a database of its own, dropped when it stops. */
export async function currentPostgres() {
  // As `npm test` does: Debian's postgresql-15, installed when missing (and no cluster left running).
  execFileSync('bash', [join(root, 'scripts/ensure-postgresql.sh')], { stdio: 'inherit' });
  const server = await startThrowawayPostgres();
  let databases = 0;
  return {
    name: 'PostgreSQL',
    async startCloud(extraArgs = []) {
      const database = `varde_bench_${(databases += 1)}`;
      await adminQuery(server.url, `CREATE DATABASE ${database}`);
      const url = new URL(server.url);
      url.pathname = `/${database}`;
      const dropped = () => adminQuery(server.url, `DROP DATABASE ${database}`);
      let cloud;
      try {
        cloud = await startCloud([...DEMO_CLOUD, ...extraArgs, '--database', url.href]);
      } catch (error) {
        await dropped();
        throw error;
      }
      let stopped;
      return { url: cloud.url, stop: () => (stopped ??= cloud.stop().then(dropped)) };
    },
    async close() {
      server.stop();
    },
  };
}

/** SQLite as the built checkout at `baselineRoot` (the synchronous version) runs it. */
export async function baselineSqlite(baselineRoot) {
  if (!existsSync(join(baselineRoot, 'packages/server/dist/main.js'))) {
    throw new Error(`BENCH_BASELINE_ROOT=${baselineRoot} has no built cloud: run npm ci --no-audit --no-fund and npm run build there`);
  }
  const { startCloud: startBaselineCloud } = await import(pathToFileURL(join(baselineRoot, 'bench/cloudProcess.mjs')).href);
  return sqliteEngine('SQLite before', startBaselineCloud);
}
