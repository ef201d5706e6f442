// Issue 35's escalation figures, on SQLite and PostgreSQL (fresh demo clouds, simulation off, --test-clock):
//   - 1,000 class A alarms raised over 200 sites (`BENCH_ESCALATION_ALARMS`, `BENCH_ESCALATION_SITES`) with a
//     policy on all of them: the time of the escalation tick that gives every one its escalation and puts every
//     first step in the outbox (run by POST /cloud/alarms/test-clock/advance, which also runs the rule engine);
//   - one tick with 10,000 open escalations (`BENCH_ESCALATION_OPEN`) and nothing due (ms, the faster of 2);
//   - `who is on call` over a year of a weekly rotation with overrides, in-process (µs per query), from
//     src/oncall/whoIsOnCall.ts bundled by esbuild for this run.
// Goals: first steps ≤ 5 s for 1,000; a tick ≤ 200 ms; a query ≤ 1 ms. Needs a built cloud (npm run build).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { currentPostgres, currentSqlite } from './storageEngines.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ALARMS = Number(process.env.BENCH_ESCALATION_ALARMS ?? 1000);
const SITES = Number(process.env.BENCH_ESCALATION_SITES ?? 200);
const OPEN = Number(process.env.BENCH_ESCALATION_OPEN ?? 10_000);
const CONCURRENCY = 16;

async function json(url, init = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** Runs `work(i)` for i < count, CONCURRENCY at a time. */
async function pool(count, work) {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < count) await work(next++);
  }));
}

/** Waits until `count` first steps are in the outbox (polling every `pollMs`), or throws after 3 minutes. */
async function firstStepsSent(url, engineName, count, pollMs) {
  const started = performance.now();
  let mails = 0;
  while ((mails = (await json(`${url}/cloud/outbox/messages?to=sysadmin@varde.test`)).data.filter((message) => message.subject?.includes('BENCH-')).length) < count) {
    if (performance.now() - started > 180_000) throw new Error(`${engineName}: ${mails} first steps in the outbox after 3 minutes, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

async function measureEngine(engine) {
  const cloud = await engine.startCloud(['--test-clock', '--simulation', 'off', '--bulk-sites', String(SITES), '--outbox', 'public']);
  try {
    const signedIn = await json(`${cloud.url}/cloud/auth/login`, { method: 'POST', body: JSON.stringify({ piscadaId: 'sysadmin@varde.test', password: 'demo1234' }) });
    const token = Object.entries(signedIn.accessTokens).find(([host]) => host.startsWith('alarms.'))[1];
    const controllersToken = Object.entries(signedIn.accessTokens).find(([host]) => host.startsWith('controllers-api.'))[1];
    const alarms = (path, body) => json(`${cloud.url}/cloud/alarms${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const sites = (await json(`${cloud.url}/cloud/controllers-api/controllers`, { headers: { authorization: `Bearer ${controllersToken}` } })).data.slice(-SITES).map((site) => site.uuid);
    // Only the bench's policy: the demo's (older) would take the alarms of Fjordvarme's sites first.
    for (const policy of (await alarms('/escalations/policies')).data) {
      await fetch(`${cloud.url}/cloud/alarms/escalations/policies/${policy.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    }
    await alarms('/escalations/policies', {
      name: 'Bench', sites: null, priorities: ['A'],
      steps: [{ afterMinutes: 0, targets: [{ user: 'sysadmin@varde.test' }], channels: ['mail'] }, { afterMinutes: 600, targets: [{ user: 'sysadmin@varde.test' }], channels: ['mail'] }],
    });
    const raise = (index) => alarms('/simulation/alarms', { siteUuid: sites[index % sites.length], alarmGroup: 'A', tagName: `BENCH-${index}`, text: 'bench' });
    await pool(ALARMS, raise);
    // From the last raise (the leader's 2 s timer is already at work) to every first step in the outbox; the
    // test-clock move makes a tick happen now rather than at the timer's next turn.
    let started = performance.now();
    await alarms('/test-clock/advance', { minutes: 1 });
    await firstStepsSent(cloud.url, engine.name, ALARMS, 50);
    const firstSteps = performance.now() - started;

    // Up to OPEN open escalations, every first step sent (a tick takes at most 2,000 due steps, so a backlog
    // takes several), the second due in 10 hours: then ticks with nothing due.
    await pool(OPEN - ALARMS, (index) => raise(ALARMS + index));
    await alarms('/test-clock/advance', { minutes: 1 });
    await firstStepsSent(cloud.url, engine.name, OPEN, 500);
    // Two moves of a minute each: the second steps (at 10 hours) are not due, whatever real time the raises took.
    const idle = [];
    for (let run = 0; run < 2; run += 1) {
      started = performance.now();
      await alarms('/test-clock/advance', { minutes: 1 });
      idle.push(performance.now() - started);
    }
    return { engine: engine.name, firstSteps, idleTick: Math.min(...idle) };
  } finally {
    await cloud.stop();
  }
}

/** `onCallAt` over a year of a weekly rotation with 50 overrides, µs per query (in-process). */
async function whoIsOnCallMicros() {
  const folder = join(root, 'node_modules/.cache/varde-bench');
  mkdirSync(folder, { recursive: true });
  const outfile = join(folder, 'whoIsOnCall.mjs');
  await build({ entryPoints: [join(root, 'packages/server/src/oncall/whoIsOnCall.ts')], bundle: true, format: 'esm', platform: 'node', outfile, external: ['rrule', 'luxon'], logLevel: 'warning' });
  const { onCallAt } = await import(pathToFileURL(outfile).href);
  const start = Date.parse('2026-01-05T07:00:00Z');
  const week = 7 * 86_400_000;
  const overrides = Array.from({ length: 50 }, (_, index) => ({ userUid: 'o', from: start + index * week + 86_400_000, to: start + index * week + 2 * 86_400_000 }));
  const schedule = { id: 's', partner: 'p', name: 'Bench', timeZone: 'Europe/Oslo', sites: null, layers: [{ users: ['a', 'b', 'c', 'd'], start: '2026-01-05T08:00', rotation: 'weekly' }], overrides, createdAt: 0, updatedAt: 0 };
  const queries = 20_000;
  const at = (index) => start + ((index * 7919) % 365) * 86_400_000 + (index % 24) * 3_600_000;
  for (let index = 0; index < 2000; index += 1) onCallAt(schedule, at(index)); // warm up
  const started = performance.now();
  for (let index = 0; index < queries; index += 1) onCallAt(schedule, at(index));
  return ((performance.now() - started) * 1000) / queries;
}

export default async function escalationBench() {
  const rows = [];
  for (const make of [currentSqlite, currentPostgres]) {
    const engine = await make();
    try {
      const measured = await measureEngine(engine);
      rows.push({
        engine: measured.engine,
        [`first steps of ${ALARMS} (ms)`]: Math.round(measured.firstSteps),
        [`tick, ${OPEN} open (ms)`]: Math.round(measured.idleTick),
      });
    } finally {
      await engine.close();
    }
  }
  const micros = await whoIsOnCallMicros();
  return {
    title: `Escalations (issue 35): ${ALARMS} alarms over ${SITES} sites, ${OPEN} open escalations`,
    rows,
    notes: [
      `who is on call, a year of a weekly rotation with 50 overrides: ${micros.toFixed(1)} µs per query (goal ≤ 1000 µs)`,
      'first steps: the test-clock move that starts every escalation and sends every first step (goal ≤ 5000 ms); the leader also ticks every 2 s',
      'tick: a test-clock move with nothing due, which also runs the rule engine over the same open alarms (goal ≤ 200 ms)',
    ],
  };
}
