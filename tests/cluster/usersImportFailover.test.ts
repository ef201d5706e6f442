import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster/startCluster.mjs';
import { demoUsers } from '../../packages/server/src/seed/demoUsers.js';
import { signIn } from '../../packages/server/test/helpers/http.js';
import { accessLog, runVarde, sql, until, upstreamOf } from './clusterHelpers.js';

/**
 * Issue 24, must-show 8: `varde users import` of 2,000 rows through nginx while one of three nodes is
 * SIGKILLed midway finishes (the CLI retries lost requests, asking before it repeats a create; --resume
 * if it still stops) with exactly 2,000 accounts and none twice.
 */

const ROWS = 2000;
let cluster: Cluster;
let work: string;

beforeAll(async () => {
  cluster = await startCluster({ nodes: 3, simulation: 'off', postgresUrl: inject('clusterPostgresUrl') });
  work = mkdtempSync(join(tmpdir(), 'varde-cluster-import-'));
});
afterAll(async () => {
  await cluster?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const importedCount = async () =>
  Number((await sql<{ count: string }>(cluster.databaseUrl, "SELECT count(*) AS count FROM accounts WHERE email LIKE 'failover-%@example.test'"))[0]!.count);

test('2,000 users through nginx, one node SIGKILLed midway: exactly 2,000 accounts, none twice', async () => {
  const admin = demoUsers.systemAdmin;
  const grantable = await fetch(`${cluster.url}/cloud/users/users/grantable`, {
    headers: { authorization: `Bearer ${Object.entries((await signIn(cluster, admin.email, admin.password)).accessTokens).find(([host]) => host.startsWith('users.'))![1]}` },
  });
  const site = ((await grantable.json()) as { controllers: string[] }).controllers[0]!;
  const csv = join(work, 'users.csv');
  const rows = Array.from({ length: ROWS }, (_, index) => `failover-${index}@example.test,Failover ${index},User,+4790000000,${site},alarms;sites`);
  writeFileSync(csv, `email,name,role,phone,sites,modules\n${rows.join('\n')}\n`);

  const login = await runVarde(work, cluster.url, ['login', '--user', admin.email, '--password-stdin'], `${admin.password}\n`);
  expect(login.code, login.stderr).toBe(0);

  const victim = cluster.nodes[1]!;
  const importing = runVarde(work, cluster.url, ['users', 'import', csv, '--concurrency', '8']);
  // Midway: a quarter of the rows are in, so the node is busy with requests when it dies.
  await until(async () => (await importedCount()) >= ROWS / 4, 60_000, 'a quarter of the rows imported', 100);
  await victim.kill('SIGKILL');
  const killedAt = await importedCount();
  expect(killedAt).toBeLessThan(ROWS);

  let result = await importing;
  if (result.code !== 0) {
    // The CLI stopped with rows failed (exit 3): its journal knows what is done.
    expect(result.code, result.stderr).toBe(3);
    result = await runVarde(work, cluster.url, ['users', 'import', csv, '--resume']);
  }
  expect(result.code, result.stderr).toBe(0);

  const [counts] = await sql<{ accounts: string; addresses: string }>(
    cluster.databaseUrl,
    "SELECT count(*) AS accounts, count(DISTINCT lower(email)) AS addresses FROM accounts WHERE email LIKE 'failover-%@example.test'",
  );
  expect(Number(counts!.accounts)).toBe(ROWS);
  expect(Number(counts!.addresses)).toBe(ROWS);

  // Every node took creates through nginx (least_conn spreads them), the killed one too before it died.
  const creates = accessLog(cluster.nginx!.accessLog).filter((line) => line.request.startsWith('POST /cloud/users/users '));
  for (const node of cluster.nodes) expect(creates.some((line) => line.nodes.includes(upstreamOf(node))), `creates on node ${node.index}`).toBe(true);
}, 240_000);
