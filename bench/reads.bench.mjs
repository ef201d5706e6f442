// Issue 40: the reads an open portal repeats, at BENCH_CONNECTIONS (50) connections on SQLite and on
// PostgreSQL in one run (demo clouds, simulation off, as user@varde.test; the rules as admin@varde.test),
// each for BENCH_SECONDS (10): req/s, p50 and p99, the statements each request sent (from the cloud's
// metrics), and PostgreSQL beside SQLite against the 70 % goal. With BENCH_BASELINE_ROOT (a built checkout
// of an earlier version) its SQLite column is added, for the site list's 90 % goal. The statements each
// read sends are held by packages/server/test/readStatements.test.ts.
//
// One run of autocannon swings by ±20 points on a 2-core machine that load, cloud and PostgreSQL share, so
// every read is measured BENCH_READS_RUNS (3) times on every engine, the engines interleaved (one read on
// each in turn, the order alternating run by run) so that drift hits all of them alike; the table shows
// medians, the spread (min–max) beside them, and the PostgreSQL/SQLite ratio of the medians.
// BENCH_READS (comma-separated parts of names, e.g. `site list,alarm`) picks reads.
import autocannon from 'autocannon';
import { baselineSqlite, currentPostgres, currentSqlite } from './storageEngines.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Math.max(1, Number(process.env.BENCH_READS_RUNS ?? 3));
const PICKED = process.env.BENCH_READS?.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
const USER = { piscadaId: 'user@varde.test', password: 'demo1234' };
// The rules page needs the notifications module, which the demo's User has not.
const ADMIN = { piscadaId: 'admin@varde.test', password: 'demo1234' };

async function json(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The reads, with a site and a tag of the user's (read from the cloud, so every engine reads the same). */
async function readsOf(cloud, tokens, adminTokens) {
  const as = (service, from = tokens) => ({ authorization: `Bearer ${from[`${service}.localhost`]}` });
  const sites = (await json(`${cloud}/cloud/controllers-api/controllers`, { headers: as('controllers-api') })).data;
  const site = sites[0].uuid;
  const tags = (await json(`${cloud}/cloud/historian/${site}/tags`, { headers: as('historian') })).data;
  const day = new Date(Date.now() - 24 * 3600_000).toISOString();
  return [
    ['site list', 'controllers-api', '/cloud/controllers-api/controllers'],
    ['alarm list', 'alarms', '/cloud/alarms/alarms'],
    ["one site's page", 'controllers-api', `/cloud/controllers-api/controllers/${site}`],
    ["a trend's series", 'historian', `/cloud/historian/${site}/timeseries/${encodeURIComponent(tags[0].tag)}?from=${day}`],
    ['tag search', 'search', '/cloud/search/tags?q=RT'],
    ['notification rules (admin)', 'controllers-api', `/cloud/controllers-api/controllers/${site}/notificationrules`, adminTokens],
  ]
    .filter(([name]) => !PICKED || PICKED.some((part) => name.toLowerCase().includes(part)))
    .map(([name, service, path, from]) => ({ name, url: `${cloud}${path}`, headers: as(service, from) }));
}

// The clouds' metrics (their varde_database_statements_total) are read with this token.
const METRICS_TOKEN = 'bench-reads-metrics-token';

/** The statements the cloud has sent so far, from its Prometheus metrics (null: a version that does not count them). */
async function statementsSent(cloud) {
  const response = await fetch(`${cloud}/cloud/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) return null;
  const line = (await response.text()).split('\n').find((text) => text.startsWith('varde_database_statements_total'));
  return line ? Number(line.split(' ').at(-1)) : null;
}

/** A demo cloud of `engine`, signed in, with its reads. */
async function openCloud(engine) {
  process.env.VARDE_METRICS_TOKEN = METRICS_TOKEN;
  const cloud = await engine.startCloud(['--simulation', 'off']);
  const signIn = async (user) =>
    (await json(`${cloud.url}/cloud/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) })).accessTokens;
  return { engine, cloud, reads: await readsOf(cloud.url, await signIn(USER), await signIn(ADMIN)) };
}

/** One measurement of `read` on `cloud`. */
async function measureOnce(name, cloud, read) {
  const sentBefore = await statementsSent(cloud.url);
  const result = await autocannon({ url: read.url, headers: read.headers, connections: CONNECTIONS, duration: SECONDS });
  // The cloud's own timers send a few meanwhile: a hundredth of a statement per request at these rates.
  const sentAfter = await statementsSent(cloud.url);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name} ${read.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statements: sentBefore === null || sentAfter === null ? null : (sentAfter - sentBefore) / result.requests.total,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The medians of a read's runs on one engine, with the spread of req/s and p99. */
function summary(runs) {
  const of = (key) => runs.map((run) => run[key]);
  const statements = of('statements');
  return {
    rps: median(of('rps')),
    rpsSpread: `${Math.round(Math.min(...of('rps')))}–${Math.round(Math.max(...of('rps')))}`,
    p50: median(of('p50')),
    p99: median(of('p99')),
    p99Spread: `${Math.min(...of('p99'))}–${Math.max(...of('p99'))}`,
    statements: statements.includes(null) ? '-' : median(statements).toFixed(2),
  };
}

export default async function readsBench() {
  const engines = [currentSqlite(), await currentPostgres()];
  if (process.env.BENCH_BASELINE_ROOT) engines.unshift(await baselineSqlite(process.env.BENCH_BASELINE_ROOT));
  const started = Date.now();
  const opened = [];
  try {
    for (const engine of engines) opened.push(await openCloud(engine));
    const names = opened[0].reads.map((read) => read.name);
    const runs = new Map(opened.map(({ engine }) => [engine.name, new Map(names.map((name) => [name, []]))]));
    // Warm-up: every read once on every engine (JIT, the database's caches, the pool's connections).
    for (const { cloud, reads } of opened) {
      for (const read of reads) await autocannon({ url: read.url, headers: read.headers, connections: 10, duration: 2 });
    }
    for (let run = 0; run < RUNS; run += 1) {
      const order = run % 2 === 0 ? opened : [...opened].reverse();
      for (const [index, name] of names.entries()) {
        for (const { engine, cloud, reads } of order) runs.get(engine.name).get(name).push(await measureOnce(engine.name, cloud, reads[index]));
      }
    }
    const byEngine = (engine, name) => summary(runs.get(engine).get(name));
    const rows = names.map((read) => {
      const sqlite = byEngine('SQLite', read);
      const postgres = byEngine('PostgreSQL', read);
      const row = { read };
      if (runs.has('SQLite before')) row['SQLite before req/s'] = Math.round(byEngine('SQLite before', read).rps);
      Object.assign(row, {
        'SQLite req/s': `${Math.round(sqlite.rps)} (${sqlite.rpsSpread})`,
        'SQLite p99 ms': sqlite.p99,
        'PostgreSQL req/s': `${Math.round(postgres.rps)} (${postgres.rpsSpread})`,
        'PostgreSQL p50 ms': postgres.p50,
        'PostgreSQL p99 ms': `${postgres.p99} (${postgres.p99Spread})`,
        'statements / request': postgres.statements,
        'PG / SQLite': `${Math.round((100 * postgres.rps) / sqlite.rps)} %`,
        goal: postgres.rps >= 0.7 * sqlite.rps && postgres.p99 < 150 ? 'met' : 'missed (70 %, p99 < 150 ms)',
      });
      return row;
    });
    return {
      title: `Steady-state reads as user@varde.test, ${CONNECTIONS} connections, ${SECONDS} s each, median of ${RUNS} run(s) per engine (min–max)`,
      rows,
      notes: [
        'Demo clouds with the simulation off; run on an otherwise idle machine (load and cloud share its cores).',
        `Medians of ${RUNS} interleaved run(s) per read and engine (BENCH_READS_RUNS); PG / SQLite is the ratio of the median req/s; took ${Math.round((Date.now() - started) / 1000)} s.`,
      ],
    };
  } finally {
    for (const { cloud } of opened) await cloud.stop();
    for (const engine of engines) await engine.close();
  }
}
