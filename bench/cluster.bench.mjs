// Cluster (issue 24): what running the cloud as N nodes on PostgreSQL behind nginx costs, in one run:
//   1. alarm-push latency: BENCH_VIEWERS (500) viewers logged in on one site's controller-proxy socket,
//      spread over the nodes (connected to each node directly, so each viewer's node is known); alarms
//      raised and acknowledged through node 1; from the request to each viewer's alarm_changed, p50/p95,
//      for viewers on node 1 and on the other nodes (a push that never comes counts as missing),
//   2. failover: while clients keep asking through nginx and BENCH_FAILOVER_VIEWERS (100) viewers are
//      connected through nginx, the leader (/cloud/health) is SIGKILLed: requests that failed, the slowest
//      answer, the time until every viewer it dropped is logged in again on another node, and the time
//      until one of the others leads,
//   3. `varde users import` of BENCH_CLUSTER_USERS (2,000) users through nginx with 1, 2 and 3 nodes,
//      beside one node on SQLite without nginx (users/s).
// On a 2-core machine expect no speed-up from more nodes: the figures show what the extra hop and the
// shared database cost.
//
//   npm run bench -- cluster           (after npm run build; BENCH_CLUSTER_PARTS=push runs part 1 alone)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { startThrowawayPostgres } from '../scripts/throwawayPostgres.mjs';
import { startCluster } from '../scripts/cluster/startCluster.mjs';
import { startCloud, tempFolder } from './cloudProcess.mjs';
import { importUsers, signIn, tokenFor } from './usersImportCli.mjs';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 500);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 10);
const FAILOVER_VIEWERS = Number(process.env.BENCH_FAILOVER_VIEWERS ?? 100);
const USERS = Number(process.env.BENCH_CLUSTER_USERS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** Which parts run (BENCH_CLUSTER_PARTS=push for the push alone): push, failover, import. */
const PARTS = new Set((process.env.BENCH_CLUSTER_PARTS ?? 'push,failover,import').split(',').map((part) => part.trim()));
/** A push that has not come by then is counted as missing. */
const PUSH_WAIT_MS = 3_000;
const USER = { email: 'user@varde.test', password: 'demo1234' };
const SYSADMIN = { email: 'sysadmin@varde.test', password: 'demo1234' };
const PROXY_PATH = '/cloud/controller-proxy/socket.io';

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round = (value) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : '-');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The firebase ID token login_firebase takes (what the portal's realtime sign-in gets). */
async function firebaseIdToken(url, customToken) {
  const answer = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  if (!answer.ok) throw new Error(`custom token sign-in failed: ${answer.status}`);
  return (await answer.json()).idToken;
}

async function signedIn(url, who) {
  const answer = await fetch(`${url}/cloud/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ piscadaId: who.email, password: who.password }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${who.email} failed: ${answer.status}`);
  return answer.json();
}

/** A viewer: a socket on the site's namespace, logged in; `onPush(alarmId)` for every alarm_changed. */
function connectViewer(url, siteUuid, idToken, onPush, { reconnection = false } = {}) {
  const socket = io(`${url}/sites/${siteUuid}`, { path: PROXY_PATH, transports: ['websocket'], forceNew: true, reconnection, reconnectionDelayMax: 2000 });
  const viewer = { socket, loggedIn: null };
  socket.on('connect', () => socket.emit('login_firebase', { firebaseToken: idToken, type: 'portal' }));
  socket.on('alarm_changed', (payload) => onPush(payload.alarmId));
  viewer.loggedIn = new Promise((resolve, reject) => {
    socket.once('login_loggedIn', resolve);
    socket.once('login_error', (error) => reject(new Error(`login refused: ${JSON.stringify(error)}`)));
    setTimeout(() => reject(new Error('no login within 30 s')), 30_000).unref();
  });
  return viewer;
}

async function inBatches(items, size, task) {
  const results = [];
  for (let index = 0; index < items.length; index += size) results.push(...(await Promise.all(items.slice(index, index + size).map(task))));
  return results;
}

/** The site of the demo user's that the alarms are raised on (its first online one). */
async function userSite(url) {
  const tokens = (await signedIn(url, USER)).accessTokens;
  const answer = await fetch(`${url}/cloud/controllers-api/controllers`, { headers: { authorization: `Bearer ${tokenFor(tokens, 'controllers-api')}` } });
  const sites = (await answer.json()).data;
  return sites.find((site) => site.webpmpReady === true).uuid;
}

async function measurePushLatency(cluster) {
  const [writer] = cluster.nodes;
  const siteUuid = await userSite(writer.url);
  const user = await signedIn(writer.url, USER);
  const idToken = await firebaseIdToken(writer.url, user.token);
  const admin = tokenFor((await signedIn(writer.url, SYSADMIN)).accessTokens, 'alarms');
  const userAlarms = tokenFor(user.accessTokens, 'alarms');

  // alarmId -> when its acknowledgement was asked for; per viewer node, the latencies seen (each viewer's
  // first push of the alarm after that moment: the raise's own push has come before).
  const asked = new Map();
  const latencies = { same: [], other: [] };
  let expected = { same: 0, other: 0 };
  let raisePushes = 0;
  const viewers = await inBatches(Array.from({ length: VIEWERS }, (_, index) => index), 50, async (index) => {
    const node = cluster.nodes[index % cluster.nodes.length];
    const kind = node === writer ? 'same' : 'other';
    const seen = new Set();
    const viewer = connectViewer(node.url, siteUuid, idToken, (alarmId) => {
      const at = asked.get(alarmId);
      if (at === undefined) raisePushes += 1;
      else if (!seen.has(alarmId)) {
        seen.add(alarmId);
        latencies[kind].push(performance.now() - at);
      }
    });
    await viewer.loggedIn;
    return { ...viewer, kind };
  });
  for (const viewer of viewers) expected[viewer.kind] += 1;

  const call = async (path, token, body) => {
    const answer = await fetch(`${writer.url}/cloud/alarms${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  for (let index = 0; index < PUSHES; index += 1) {
    // Raise (a push), then acknowledge it (another push of the same alarm): the acknowledgement is timed.
    const pushedBefore = raisePushes;
    const alarm = (await call('/simulation/alarms', admin, { siteUuid, alarmGroup: 'A', tagName: `BENCH-PUSH-${index}` })).data;
    // The raise's pushes are out (to every viewer that gets them) before the acknowledgement is timed.
    const settle = performance.now() + PUSH_WAIT_MS;
    while (raisePushes - pushedBefore < expected.same && performance.now() < settle) await sleep(20);
    await sleep(200);
    asked.set(alarm.id, performance.now());
    await call(`/alarms/${alarm.id}/acknowledge`, userAlarms, { comment: 'bench' });
    await sleep(PUSH_WAIT_MS);
    asked.delete(alarm.id);
  }
  for (const viewer of viewers) viewer.socket.disconnect();
  const row = (kind, label) => ({
    case: label,
    viewers: expected[kind],
    'p50 ms': round(percentile(latencies[kind], 50)),
    'p95 ms': round(percentile(latencies[kind], 95)),
    'pushes received %': round((100 * latencies[kind].length) / Math.max(1, expected[kind] * PUSHES)),
  });
  return [row('same', 'push: viewers on the writing node'), row('other', 'push: viewers on the other nodes')];
}

async function measureFailover(cluster) {
  const siteUuid = await userSite(cluster.url);
  const user = await signedIn(cluster.url, USER);
  const idToken = await firebaseIdToken(cluster.url, user.token);
  const viewers = await inBatches(Array.from({ length: FAILOVER_VIEWERS }, (_, index) => index), 50, async () => {
    const viewer = connectViewer(cluster.url, siteUuid, idToken, () => {}, { reconnection: true });
    await viewer.loggedIn;
    return viewer;
  });

  // Clients asking through nginx all along (a public route: what the alarm map asks first).
  let running = true;
  let failed = 0;
  let answered = 0;
  let slowest = 0;
  const client = async () => {
    while (running) {
      const started = performance.now();
      try {
        const answer = await fetch(`${cluster.url}/cloud/map-tiles`);
        await answer.arrayBuffer();
        if (answer.ok) answered += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
      slowest = Math.max(slowest, performance.now() - started);
    }
  };
  const clients = Array.from({ length: 4 }, client);
  await sleep(1000);

  const healthOf = async (node) => {
    try {
      const answer = await fetch(`${node.url}/cloud/health`);
      return answer.ok ? await answer.json() : null;
    } catch {
      return null;
    }
  };
  // The leader is the one to lose (where the cloud reports one): its work must move as well.
  const leaderBefore = (await Promise.all(cluster.nodes.map(healthOf))).findIndex((health) => health?.leader === true);
  const victim = cluster.nodes[leaderBefore >= 0 ? leaderBefore : 1];
  const dropped = [];
  const relogged = [];
  for (const viewer of viewers) {
    viewer.socket.once('disconnect', () => {
      dropped.push(viewer);
      viewer.socket.once('login_loggedIn', () => relogged.push(performance.now()));
    });
  }
  const killedAt = performance.now();
  await victim.kill('SIGKILL');
  // A new leader, where the cloud reports one.
  let leaderAfterMs = null;
  if (leaderBefore >= 0) {
    const others = cluster.nodes.filter((node) => node !== victim);
    while (performance.now() - killedAt < 30_000) {
      const healths = await Promise.all(others.map(healthOf));
      if (healths.some((health) => health?.leader === true)) {
        leaderAfterMs = performance.now() - killedAt;
        break;
      }
      await sleep(100);
    }
  }
  const deadline = performance.now() + 30_000;
  while (relogged.length < dropped.length && performance.now() < deadline) await sleep(50);
  await sleep(2000);
  running = false;
  await Promise.all(clients);
  const droppedCount = dropped.length;
  const backInMs = droppedCount === 0 ? 0 : relogged.length >= droppedCount ? round(Math.max(...relogged) - killedAt) : `${relogged.length} of ${droppedCount} in 30 s`;
  for (const viewer of viewers) viewer.socket.disconnect();
  await victim.start();
  return [
    {
      case: `failover: node ${victim.index}${leaderBefore >= 0 ? ' (the leader)' : ''} SIGKILLed, ${FAILOVER_VIEWERS} viewers through nginx`,
      'viewers dropped': droppedCount,
      'all back in ms': backInMs,
      'requests ok': answered,
      'requests failed': failed,
      'slowest request ms': round(slowest),
      'new leader in ms': leaderBefore < 0 ? 'no leader reported' : leaderAfterMs === null ? 'none in 30 s' : round(leaderAfterMs),
    },
  ];
}

async function measureImports(postgresUrl) {
  const rows = [];
  const work = mkdtempSync(join(tmpdir(), 'varde-bench-cluster-'));
  try {
    const sqliteData = tempFolder('varde-bench-cluster-sqlite-');
    const sqlite = await startCloud(['--port', '0', '--seed', 'demo', '--simulation', 'off', '--data', sqliteData.path]);
    try {
      const result = await importUsers({ url: sqlite.url, work, count: USERS, concurrency: CONCURRENCY });
      rows.push({ case: 'users import: 1 node on SQLite, no nginx', 'users/s': round(result.perSecond), s: round(result.seconds) });
    } finally {
      await sqlite.stop();
      sqliteData.remove();
    }
    for (const nodes of [1, 2, 3]) {
      const cluster = await startCluster({ nodes, simulation: 'off', postgresUrl });
      try {
        const result = await importUsers({ url: cluster.url, work, count: USERS, concurrency: CONCURRENCY });
        rows.push({ case: `users import: ${nodes} node${nodes > 1 ? 's' : ''} on PostgreSQL behind nginx`, 'users/s': round(result.perSecond), s: round(result.seconds) });
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

export default async function clusterBench() {
  const postgres = await startThrowawayPostgres();
  try {
    const cluster = await startCluster({ nodes: 3, simulation: 'off', postgresUrl: postgres.url });
    let pushRows = [];
    let failoverRows = [];
    try {
      if (PARTS.has('push')) pushRows = await measurePushLatency(cluster);
      if (PARTS.has('failover')) failoverRows = await measureFailover(cluster);
    } finally {
      await cluster.stop();
    }
    const importRows = PARTS.has('import') ? await measureImports(postgres.url) : [];
    return {
      title: 'Cluster: 3 nodes on one PostgreSQL behind nginx (issue 24)',
      columns: ['case', 'viewers', 'p50 ms', 'p95 ms', 'pushes received %', 'viewers dropped', 'all back in ms', 'requests ok', 'requests failed', 'slowest request ms', 'new leader in ms', 'users/s', 's'],
      rows: [...pushRows, ...failoverRows, ...importRows],
      notes: [
        `push: ${PUSHES} acknowledgements through node 1, each timed from the request to every viewer's alarm_changed (missing after ${PUSH_WAIT_MS} ms)`,
        `users import: ${USERS} users, --concurrency ${CONCURRENCY}; the nodes, nginx and PostgreSQL share this machine's cores`,
      ],
    };
  } finally {
    postgres.stop();
  }
}
