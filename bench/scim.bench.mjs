// SCIM provisioning (issue 36): 2,000 users and 20 groups provisioned the way Entra ID does it (for each
// user GET /Users?filter=userName eq "…" then POST /Users; for each group GET ?filter=displayName eq "…"
// then POST /Groups; an admin maps the groups to a role and a site; then PATCH /Groups membership in
// batches), on SQLite and PostgreSQL, beside `varde users import` of the same number of users into a fresh
// cloud of the same engine. Each measurement gets a fresh demo cloud in its own process.
//
//   npm run bench -- scim
//
// Environment: BENCH_SCIM_USERS (default 2000), BENCH_SCIM_GROUPS (default 20), BENCH_SCIM_BATCH (members
// per PATCH, default 50), BENCH_SCIM_CONCURRENCY (requests in flight, default 8: Entra's provisioning
// works several users at once), BENCH_CONCURRENCY (the CLI import's, default 16, as usersImport.bench.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { tempFolder } from './cloudProcess.mjs';
import { currentPostgres, currentSqlite } from './storageEngines.mjs';
import { firstSite, importUsers, signIn, tokenFor } from './usersImportCli.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const USERS = Number(process.env.BENCH_SCIM_USERS ?? 2000);
const GROUPS = Number(process.env.BENCH_SCIM_GROUPS ?? 20);
const BATCH = Number(process.env.BENCH_SCIM_BATCH ?? 50);
const SCIM_CONCURRENCY = Number(process.env.BENCH_SCIM_CONCURRENCY ?? 8);
const CLI_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

function ensureBuilt() {
  if (!existsSync(join(root, 'packages/server/dist/main.js'))) execFileSync('npm', ['run', 'build', '-w', 'packages/server'], { cwd: root, stdio: 'ignore' });
  if (!existsSync(join(root, 'packages/cli/dist/varde.js'))) execFileSync('npm', ['run', 'build', '-w', 'packages/cli'], { cwd: root, stdio: 'ignore' });
}

function p95(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/** Entra's user body (its documented "Create User" request), one per index. */
function entraUser(index) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
    externalId: `bench-ext-${index}`,
    userName: `scim${index}@fm-firma.test`,
    active: true,
    emails: [{ primary: true, type: 'work', value: `scim${index}@fm-firma.test` }],
    meta: { resourceType: 'User' },
    name: { formatted: `Scim User ${index}`, familyName: `User ${index}`, givenName: 'Scim' },
    roles: [],
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: `Dept ${index % 10}` },
  };
}

/** Provisions the whole directory into `url`; resolves with its wall time and every request's duration by kind. */
async function provision(url) {
  const tokens = await signIn(url);
  const users = tokenFor(tokens, 'users');
  const site = await firstSite(url, users);
  const made = await fetch(`${url}/cloud/users/directory/connections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${users}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Entra ID' }),
  });
  if (made.status !== 201) throw new Error(`connection: ${made.status} ${await made.text()}`);
  const { token } = await made.json();
  const pool = new Pool(new URL(url).origin, { connections: SCIM_CONCURRENCY, keepAliveTimeout: 30_000 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const timings = { 'GET filter': [], 'POST /Users': [], 'POST /Groups': [], 'PATCH /Groups members': [] };
  const send = async (kind, method, path, body, expected) => {
    const started = performance.now();
    const answer = await pool.request({ method, path: `/scim/v2${path}`, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await answer.body.text();
    timings[kind].push(performance.now() - started);
    if (answer.statusCode !== expected) throw new Error(`${method} ${path}: ${answer.statusCode} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
  const inParallel = async (count, work) => {
    let next = 0;
    await Promise.all(Array.from({ length: SCIM_CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }));
  };

  const started = performance.now();
  const ids = new Array(USERS);
  await inParallel(USERS, async (index) => {
    const user = entraUser(index);
    const found = await send('GET filter', 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`, undefined, 200);
    if (found.totalResults !== 0) throw new Error(`${user.userName} exists already`);
    ids[index] = (await send('POST /Users', 'POST', '/Users', user, 201)).id;
  });
  const groupIds = new Array(GROUPS);
  await inParallel(GROUPS, async (index) => {
    const displayName = `Bench group ${index}`;
    await send('GET filter', 'GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`displayName eq "${displayName}"`)}`, undefined, 200);
    groupIds[index] = (await send('POST /Groups', 'POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group', 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group'],
      externalId: `bench-group-${index}`,
      displayName,
      meta: { resourceType: 'Group' },
    }, 201)).id;
  });
  // The partner admin gives each group a role and the site (not timed as SCIM requests: the admin's).
  for (const id of groupIds) {
    const mapped = await fetch(`${url}/cloud/users/directory/groups/${id}/access`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${users}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'User', sites: [site] }),
    });
    if (mapped.status !== 200) throw new Error(`map: ${mapped.status}`);
  }
  // Each user in one group; Entra adds members in batches of PATCH operations.
  const batches = [];
  for (let group = 0; group < GROUPS; group += 1) {
    const members = ids.filter((_, index) => index % GROUPS === group);
    for (let start = 0; start < members.length; start += BATCH) batches.push([groupIds[group], members.slice(start, start + BATCH)]);
  }
  await inParallel(batches.length, async (index) => {
    const [group, members] = batches[index];
    await send('PATCH /Groups members', 'PATCH', `/Groups/${group}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: members.map((value) => ({ $ref: null, value })) }],
    }, 204);
  });
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { seconds, perSecond: USERS / seconds, timings };
}

export default async function scimBench() {
  ensureBuilt();
  const engines = [currentSqlite(), await currentPostgres()];
  const rows = [];
  try {
    for (const engine of engines) {
      const cliCloud = await engine.startCloud();
      const folder = tempFolder('varde-bench-scim-');
      let cli;
      try {
        cli = await importUsers({ url: cliCloud.url, work: folder.path, count: USERS, concurrency: CLI_CONCURRENCY });
      } finally {
        folder.remove();
        await cliCloud.stop();
      }
      // The limit (1,000 a minute by default) would measure itself: lifted for the bench.
      const scimCloud = await engine.startCloud(['--scim-rate-limit', '1000000']);
      let scim;
      try {
        scim = await provision(scimCloud.url);
      } finally {
        await scimCloud.stop();
      }
      const round = (value, digits = 0) => Number(value.toFixed(digits));
      rows.push({ engine: engine.name, measurement: 'varde users import (whole command)', users: USERS, seconds: round(cli.seconds, 1), 'users/s': round(cli.perSecond), 'of import': '100%', 'p95 ms': '-', requests: '-' });
      rows.push({ engine: engine.name, measurement: 'SCIM provisioning, Entra-style (whole run)', users: USERS, seconds: round(scim.seconds, 1), 'users/s': round(scim.perSecond), 'of import': `${Math.round((scim.perSecond / cli.perSecond) * 100)}%`, 'p95 ms': '-', requests: Object.values(scim.timings).reduce((sum, list) => sum + list.length, 0) });
      for (const [kind, samples] of Object.entries(scim.timings)) {
        rows.push({ engine: engine.name, measurement: `  ${kind}`, users: '-', seconds: '-', 'users/s': '-', 'of import': '-', 'p95 ms': round(p95(samples), 1), requests: samples.length });
      }
    }
  } finally {
    for (const engine of engines) await engine.close();
  }
  return {
    title: `SCIM provisioning of ${USERS} users and ${GROUPS} groups beside varde users import`,
    rows,
    notes: [
      `SCIM: ${SCIM_CONCURRENCY} requests in flight; a GET filter then a POST per user and per group, the groups mapped to User + one site, then PATCH membership in batches of ${BATCH}.`,
      `CLI: varde users import of ${USERS} new users, concurrency ${CLI_CONCURRENCY}; both invite their users (no password), both on a fresh demo cloud per row.`,
      'The SCIM cloud runs with --scim-rate-limit 1000000: at the default 1,000 a minute, 2 requests per user cap provisioning at 8 users/s.',
      'Goal: SCIM users/s at least 80 % of the import\'s on the same engine.',
    ],
  };
}
