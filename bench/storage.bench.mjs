// Storage: the same workloads on SQLite and on PostgreSQL in one run, side by side (issue 23):
//   1. `varde users import` of 10,000 users (users/s), as usersImport.bench.mjs runs it, with the demo
//      simulation paused (as for 2),
//   2. the alarm table opening on 90 online sites with 5,000 active alarms: the site list and one
//      controller-proxy socket login per site, then one poll of every site with full rows (what the
//      portal asks first), then the 3 s poll when nothing changed (ms, median of BENCH_POLL_RUNS),
//   3. realtime write-and-notify (operations/s): one client `set`s a value through the realtime
//      database (firebase SDK, through core's Realtime) while another signed-in client listens; an
//      operation counts once its change reached the listener.
// Every workload gets a fresh demo cloud per engine (storageEngines.mjs); engines take turns per
// workload so that a change in the machine's load falls on all of them alike.
//
//   npm run bench -- storage                                      (builds what is missing)
//   BENCH_BASELINE_ROOT=/path/to/built/checkout npm run bench -- storage
//
// Environment: BENCH_USERS (default 10000), BENCH_CONCURRENCY (CLI, default 16), BENCH_ALARM_SITES
// (default 90), BENCH_ALARMS (default 5000), BENCH_POLL_RUNS (default 5), BENCH_REALTIME_OPS (default
// 2000), BENCH_REALTIME_WINDOW (writes awaiting their notification at once, default 16),
// BENCH_BASELINE_ROOT (a built checkout of the synchronous version: adds its SQLite column), BENCH_STORAGE_WORKLOADS
// (a comma list of import, alarms, realtime: only those).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  connectSiteProxy,
  createSession,
  createSimulatedSite,
  listAllSites,
  localSettings,
  raiseSimulatedAlarm,
  setSimulationRunning,
} from '@varde/core';
import { tempFolder } from './cloudProcess.mjs';
import { baselineSqlite, currentPostgres, currentSqlite } from './storageEngines.mjs';
import { importUsers } from './usersImportCli.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ALARM_SITES = Number(process.env.BENCH_ALARM_SITES ?? 90);
const ALARMS = Number(process.env.BENCH_ALARMS ?? 5_000);
const POLL_RUNS = Number(process.env.BENCH_POLL_RUNS ?? 5);
const REALTIME_OPS = Number(process.env.BENCH_REALTIME_OPS ?? 2_000);
const REALTIME_WINDOW = Number(process.env.BENCH_REALTIME_WINDOW ?? 16);
const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT;
/** What the portal's site feed asks each site for (widgets' siteFeed ALARMS_PER_SITE). */
const ALARMS_PER_SITE = 5000;
const SYSADMIN = { email: 'sysadmin@varde.test', password: 'demo1234' };
const WRITER = { email: 'user@varde.test', password: 'demo1234' };

function ensureBuilt() {
  for (const [pkg, marker] of [['core', 'dist/index.js'], ['server', 'dist/main.js'], ['cli', 'dist/varde.js']]) {
    if (!existsSync(join(root, 'packages', pkg, marker))) execFileSync('npm', ['run', 'build', '-w', `packages/${pkg}`], { cwd: root, stdio: 'ignore' });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs `count` calls of `task(i)`, `concurrency` at a time. */
async function inParallel(count, concurrency, task) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}

/** A core session signed in with a password, as a Node client (no OIDC, nothing persisted). */
async function signedIn(url, { email, password }) {
  const session = createSession({ settings: localSettings(url), storage: null, oidc: false });
  await session.signInWithPassword(email, password);
  return session;
}

/** A fresh cloud of `engine` for `work(url)`; stopped whatever happens. */
async function withCloud(engine, work) {
  const cloud = await engine.startCloud();
  try {
    return await work(cloud.url);
  } finally {
    await cloud.stop();
  }
}

/** Workload 1: users/s of the whole `varde users import` command. */
function usersImport(engine) {
  return withCloud(engine, async (url) => {
    // As for the alarm table: the demo's simulated sites write every few seconds, a load of their own
    // that no production cloud has, and that falls differently on each engine.
    const admin = await signedIn(url, SYSADMIN);
    try {
      await setSimulationRunning(admin.http, false);
    } finally {
      await admin.dispose();
    }
    const folder = tempFolder('varde-bench-storage-import-');
    try {
      return { 'users/s': (await importUsers({ url, work: folder.path, count: USERS, concurrency: CONCURRENCY })).perSecond };
    } finally {
      folder.remove();
    }
  });
}

/** ALARM_SITES online sites (the demo's and new ones) carrying ALARMS active alarms; the simulation paused. */
async function populateAlarms(session) {
  await setSimulationRunning(session.http, false);
  const online = (await listAllSites(session.http)).filter((site) => site.webpmpReady === true).map((site) => site.uuid);
  const missing = Math.max(0, ALARM_SITES - online.length);
  await inParallel(missing, 16, async (i) => {
    online.push((await createSimulatedSite(session.http, { name: `Bench ${String(i).padStart(3, '0')}`, latitude: 58 + i / 20, longitude: 6 + i / 20 })).uuid);
  });
  if (online.length !== ALARM_SITES) throw new Error(`expected ${ALARM_SITES} online sites, the cloud has ${online.length}`);
  const classes = ['A', 'B', 'C'];
  await inParallel(ALARMS, 16, (i) =>
    raiseSimulatedAlarm(session.http, { siteUuid: online[i % online.length], alarmGroup: classes[i % 3], tagName: `BT${String(i).padStart(5, '0')}`, text: `Benchmark alarm ${i}`, value: `${i % 100} °C` }),
  );
}

/**
 * Workload 2: what the alarm table asks when it opens, as the portal's site feed does it (widgets'
 * siteFeed.ts): the site list, a socket per online site logging in with the user's firebase ID token,
 * alarm_getUpdate with full rows on each; then the 3 s poll with each site's latestTimestamp. The
 * first run warms up and is not counted.
 */
function alarmTable(engine) {
  return withCloud(engine, async (url) => {
    const session = await signedIn(url, SYSADMIN);
    let connections = [];
    try {
      await populateAlarms(session);
      const times = { open: [], full: [], unchanged: [] };
      for (let run = 0; run <= POLL_RUNS; run += 1) {
        const opened = performance.now();
        const online = (await listAllSites(session.http)).filter((site) => site.webpmpReady === true);
        connections = online.map((site) =>
          connectSiteProxy({ baseUrl: session.settings.services['controller-proxy'], siteUuid: site.uuid, firebaseToken: () => session.realtime.idToken() }),
        );
        await Promise.all(connections.map((connection) => connection.loggedIn()));
        const loggedIn = performance.now();
        const full = await Promise.all(connections.map((connection) => connection.alarmUpdate({ amount: ALARMS_PER_SITE, latestTimestamp: null })));
        const polled = performance.now();
        const again = await Promise.all(connections.map((connection, i) => connection.alarmUpdate({ amount: ALARMS_PER_SITE, latestTimestamp: full[i].latestTimestamp })));
        const repolled = performance.now();
        const rows = full.reduce((sum, answer) => sum + answer.rows.length, 0);
        if (connections.length !== ALARM_SITES || rows < ALARMS) throw new Error(`the table got ${rows} rows from ${connections.length} sites`);
        if (!again.every((answer) => answer.unchanged)) throw new Error('a site changed between two polls with the simulation paused');
        for (const connection of connections) connection.close();
        connections = [];
        if (run === 0) continue;
        times.open.push(loggedIn - opened);
        times.full.push(polled - loggedIn);
        times.unchanged.push(repolled - polled);
      }
      return { open: median(times.open), full: median(times.full), unchanged: median(times.unchanged) };
    } finally {
      for (const connection of connections) connection.close();
      await session.dispose();
    }
  });
}

/**
 * `ops` writes of changing values to `path` by `writer`, at most `window` of them awaiting their
 * notification at `listener`. A value reaching the listener completes its write and every earlier
 * one; those whose own value never arrived (merged into a later change) count as missed.
 */
async function writeAndNotify(writer, listener, path, ops, window) {
  // Distinct consecutive values that the rules accept (a time zone the runtime knows).
  const zones = Intl.supportedValuesOf('timeZone');
  const waiting = [];
  let reached = 0;
  let missed = 0;
  let first;
  const subscribed = new Promise((resolve) => (first = resolve));
  const stop = listener.subscribe(path, (value) => {
    first();
    const at = waiting.findIndex((write) => write.zone === value);
    if (at < 0) return;
    missed += at;
    reached += 1;
    for (const write of waiting.splice(0, at + 1)) write.done();
  });
  try {
    await subscribed;
    let next = 0;
    let last;
    const started = performance.now();
    await Promise.all(Array.from({ length: window }, async () => {
      while (next < ops) {
        const zone = zones[next++ % zones.length];
        last = zone;
        const notified = new Promise((done) => waiting.push({ zone, done }));
        await writer.set(path, zone);
        await notified;
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    const stored = await writer.get(path);
    if (stored !== last) throw new Error(`after ${ops} writes ${path} holds ${stored}, not the last value written (${last})`);
    return { perSecond: reached / seconds, reached, missed };
  } finally {
    stop();
  }
}

/** Workload 3: a user writes their time zone; a system administrator's client listens to it. */
function realtimeWrites(engine) {
  return withCloud(engine, async (url) => {
    const writer = await signedIn(url, WRITER);
    const listener = await signedIn(url, SYSADMIN);
    try {
      const path = `/users/${writer.uid}/timeZone`;
      await writeAndNotify(writer.realtime, listener.realtime, path, 200, REALTIME_WINDOW);
      return await writeAndNotify(writer.realtime, listener.realtime, path, REALTIME_OPS, REALTIME_WINDOW);
    } finally {
      await writer.dispose();
      await listener.dispose();
    }
  });
}

const ALL_WORKLOADS = [
  { name: 'import', run: usersImport, rows: [{ label: `varde users import, ${USERS.toLocaleString('en')} users (users/s)`, of: (r) => r['users/s'], higherIsBetter: true }] },
  {
    name: 'alarms',
    run: alarmTable,
    rows: [
      { label: `alarm table opens, ${ALARM_SITES} sites: site list + socket logins (ms)`, of: (r) => r.open },
      { label: `alarm table opens, ${ALARM_SITES} sites: one poll, full rows, ${ALARMS.toLocaleString('en')} alarms (ms)`, of: (r) => r.full },
      { label: `alarm table, ${ALARM_SITES} sites: 3 s poll, nothing changed (ms)`, of: (r) => r.unchanged },
    ],
  },
  { name: 'realtime', run: realtimeWrites, rows: [{ label: 'realtime write-and-notify (operations/s)', of: (r) => r.perSecond, higherIsBetter: true }] },
];
/** BENCH_STORAGE_WORKLOADS=alarms,realtime runs only those (to profile or compare one workload). */
const WORKLOADS = process.env.BENCH_STORAGE_WORKLOADS
  ? ALL_WORKLOADS.filter((workload) => process.env.BENCH_STORAGE_WORKLOADS.split(',').includes(workload.name))
  : ALL_WORKLOADS;

/** Throughput of `engine` relative to `reference`: for times, the reference's time over the engine's. */
function relative(row, engine, reference) {
  const ratio = row.higherIsBetter ? engine / reference : reference / engine;
  return `${Math.round(ratio * 100)} %`;
}

const rounded = (value) => (value >= 100 ? Math.round(value) : Math.round(value * 10) / 10);

export default async function storageBench() {
  ensureBuilt();
  const engines = [currentSqlite(), await currentPostgres()];
  try {
    if (BASELINE_ROOT) engines.push(await baselineSqlite(BASELINE_ROOT));
    const [sqlite, postgres, before] = engines;
    const rows = [];
    const realtime = {};
    for (const workload of WORKLOADS) {
      const results = new Map();
      for (const engine of engines) results.set(engine, await workload.run(engine));
      if (workload.run === realtimeWrites) for (const engine of engines) realtime[engine.name] = results.get(engine);
      for (const row of workload.rows) {
        const value = (engine) => row.of(results.get(engine));
        const line = { workload: row.label, SQLite: rounded(value(sqlite)), PostgreSQL: rounded(value(postgres)), 'PostgreSQL/SQLite': relative(row, value(postgres), value(sqlite)) };
        if (before) Object.assign(line, { 'SQLite before': rounded(value(before)), 'SQLite/before': relative(row, value(sqlite), value(before)) });
        rows.push(line);
      }
    }
    const missedWrites = Object.entries(realtime).filter(([, result]) => result.missed > 0);
    return {
      title: 'Storage: the same workloads on SQLite and PostgreSQL',
      columns: ['workload', 'SQLite', 'PostgreSQL', 'PostgreSQL/SQLite', ...(before ? ['SQLite before', 'SQLite/before'] : [])],
      rows,
      notes: [
        'Goals (issue 23): SQLite within 10 % of the former synchronous code (SQLite/before >= 90 %); PostgreSQL on one node at least 70 % of SQLite\'s throughput (PostgreSQL/SQLite >= 70 %).',
        'Ratios compare throughput: users/s and operations/s divided as they are; for times (ms) the other way round, so 100 % = as fast and 50 % = twice the time.',
        'Machine: 2 cores shared by the cloud, the database server and the load generator (CLI, clients). Engines run one after another, so other work on the machine that starts or stops during the run falls on one column only: rerun before reading one gap as a regression.',
        'SQLite: --data in a temporary folder (WAL, synchronous=FULL). PostgreSQL 15: the throwaway server of scripts/throwawayPostgres.mjs (fsync=off: its commits are not flushed to disk, SQLite\'s are), one new database per cloud.',
        ...(before ? [`SQLite before: the cloud of ${BASELINE_ROOT} (synchronous better-sqlite3), driven by this tree's CLI and clients.`] : ['Set BENCH_BASELINE_ROOT to a built checkout of the synchronous version for its SQLite column.']),
        `Each workload: a fresh demo cloud per engine. Import: CLI --concurrency ${CONCURRENCY}, the simulation paused. Alarm table: system administrator, ${ALARM_SITES} online sites, ${ALARMS} active alarms, ${POLL_RUNS} runs after a warm-up, median; sockets as the portal opens them (one WebSocket, a namespace per site). Realtime: ${REALTIME_OPS} writes after 200 to warm up, ${REALTIME_WINDOW} awaiting their notification at a time.`,
        ...missedWrites.map(([name, result]) => `${name}: ${result.missed} of ${result.missed + result.reached} realtime writes reached the listener only merged into a later change (not counted).`),
      ],
    };
  } finally {
    for (const engine of engines) await engine.close();
  }
}
