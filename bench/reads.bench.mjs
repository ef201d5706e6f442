// Issue 40: the reads an open portal repeats, at BENCH_CONNECTIONS (50) connections on SQLite and on
// PostgreSQL in one run (demo clouds, simulation off, as user@varde.test; the rules as admin@varde.test),
// each for BENCH_SECONDS (10): req/s, p50 and p99, the statements each request sent (from the cloud's
// metrics), and PostgreSQL beside SQLite against the 70 % goal. With BENCH_BASELINE_ROOT (a built checkout
// of an earlier version) its SQLite column is added, for the site list's 90 % goal. The statements each
// read sends are held by packages/server/test/readStatements.test.ts.
import autocannon from 'autocannon';
import { baselineSqlite, currentPostgres, currentSqlite } from './storageEngines.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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
  ].map(([name, service, path, from]) => ({ name, url: `${cloud}${path}`, headers: as(service, from) }));
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

async function measure(engine) {
  process.env.VARDE_METRICS_TOKEN = METRICS_TOKEN;
  const cloud = await engine.startCloud(['--simulation', 'off']);
  try {
    const signIn = async (user) =>
      (await json(`${cloud.url}/cloud/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) })).accessTokens;
    const results = new Map();
    for (const read of await readsOf(cloud.url, await signIn(USER), await signIn(ADMIN))) {
      await autocannon({ url: read.url, headers: read.headers, connections: 10, duration: 2 });
      const sentBefore = await statementsSent(cloud.url);
      const result = await autocannon({ url: read.url, headers: read.headers, connections: CONNECTIONS, duration: SECONDS });
      // The cloud's own timers send a few meanwhile: a hundredth of a statement per request at these rates.
      const sentAfter = await statementsSent(cloud.url);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${engine.name} ${read.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results.set(read.name, { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, statements: sentBefore === null || sentAfter === null ? '-' : ((sentAfter - sentBefore) / result.requests.total).toFixed(2) });
    }
    return results;
  } finally {
    await cloud.stop();
    await engine.close();
  }
}

export default async function readsBench() {
  const engines = [currentSqlite(), await currentPostgres()];
  if (process.env.BENCH_BASELINE_ROOT) engines.unshift(await baselineSqlite(process.env.BENCH_BASELINE_ROOT));
  const measured = [];
  for (const engine of engines) measured.push([engine.name, await measure(engine)]);
  const byName = Object.fromEntries(measured);
  const rows = [...byName.SQLite.keys()].map((read) => {
    const sqlite = byName.SQLite.get(read);
    const postgres = byName.PostgreSQL.get(read);
    const row = { read };
    const before = byName['SQLite before']?.get(read);
    if (before) row['SQLite before req/s'] = before.rps;
    Object.assign(row, {
      'SQLite req/s': sqlite.rps,
      'SQLite p99 ms': sqlite.p99,
      'PostgreSQL req/s': postgres.rps,
      'PostgreSQL p50 ms': postgres.p50,
      'PostgreSQL p99 ms': postgres.p99,
      'statements / request': postgres.statements,
      'PG / SQLite': `${Math.round((100 * postgres.rps) / sqlite.rps)} %`,
      goal: postgres.rps >= 0.7 * sqlite.rps && postgres.p99 < 150 ? 'met' : 'missed (70 %, p99 < 150 ms)',
    });
    return row;
  });
  return {
    title: `Steady-state reads as user@varde.test, ${CONNECTIONS} connections, ${SECONDS} s each`,
    rows,
    notes: ['Demo clouds with the simulation off; run on an otherwise idle machine (load and cloud share its cores).'],
  };
}
