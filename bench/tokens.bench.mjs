// Issue 34: what a personal access token costs per request beside a session's access token, on both
// engines, at 50 connections (autocannon). Goal: at most 1 ms more at p50. A token is checked by reading
// its row with its account (one statement) on every request, so a revoke holds on every node at once.
import autocannon from 'autocannon';
import { currentPostgres, currentSqlite } from './storageEngines.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUTES = ['/cloud/auth/tokens', '/cloud/controllers-api/controllers'];

async function json(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A session's access tokens and a personal access token of the same demo user. */
async function credentials(cloud) {
  const signedIn = await json(`${cloud}/cloud/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ piscadaId: 'user@varde.test', password: 'demo1234' }),
  });
  const session = signedIn.accessTokens;
  const made = await json(`${cloud}/cloud/auth/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session['auth.localhost']}` },
    body: JSON.stringify({ name: 'bench' }),
  });
  return { session, personal: made.token };
}

function load(url, token) {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { authorization: `Bearer ${token}` } });
}

export default async function tokensBench() {
  const rows = [];
  for (const engine of [currentSqlite(), await currentPostgres()]) {
    // The token's rate limit lifted: the bench measures the check, not the limit.
    const cloud = await engine.startCloud(['--simulation', 'off', '--token-rate-limit', '10000000']);
    try {
      const { session, personal } = await credentials(cloud.url);
      for (const route of ROUTES) {
        const service = route.split('/')[2];
        // Warm both paths, then measure each in turn.
        await autocannon({ url: `${cloud.url}${route}`, connections: 10, duration: 2, headers: { authorization: `Bearer ${personal}` } });
        const bySession = await load(`${cloud.url}${route}`, session[`${service}.localhost`]);
        const byToken = await load(`${cloud.url}${route}`, personal);
        for (const [credential, result] of [['session', bySession], ['access token', byToken]]) {
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${engine.name} ${route} ${credential}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        }
        rows.push({
          engine: engine.name,
          route,
          'session req/s': Math.round(bySession.requests.average),
          'token req/s': Math.round(byToken.requests.average),
          'session p50 ms': bySession.latency.p50,
          'token p50 ms': byToken.latency.p50,
          'p50 extra ms': +(byToken.latency.p50 - bySession.latency.p50).toFixed(2),
          'token p99 ms': byToken.latency.p99,
          goal: byToken.latency.p50 - bySession.latency.p50 <= 1 ? 'met (<= 1 ms)' : 'missed (> 1 ms)',
        });
      }
    } finally {
      await cloud.stop();
      await engine.close();
    }
  }
  return {
    title: `Personal access token vs session token, GET as user@varde.test, ${CONNECTIONS} connections, ${SECONDS} s each`,
    rows,
    notes: ['Demo clouds with the simulation off; run on an otherwise idle machine (two cores share load and cloud).'],
  };
}
