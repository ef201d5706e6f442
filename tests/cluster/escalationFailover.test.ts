import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { startCluster, type Cluster, type ClusterNode } from '../../scripts/cluster/startCluster.mjs';
import { demoSites } from '../../packages/server/src/seed/demoSites.js';
import { demoUsers } from '../../packages/server/src/seed/demoUsers.js';
import { bearer, call, signIn } from '../../packages/server/test/helpers/http.js';
import { tokenFor } from '../../packages/server/test/helpers/siteTestKit.js';
import { sql, until } from './clusterHelpers.js';

/**
 * Issue 35's must-show: in a 3-node cluster the leader is SIGKILLed between an escalation's step 1 and step 2,
 * and step 2 is still sent exactly once (by whichever node leads next), and not again when the killed node
 * comes back. The steps are due rows in PostgreSQL; step 2's due time is moved to now in the database (as the
 * rule failover test moves an alarm's start), so no test waits five minutes: a move of the test clock would
 * run step 2 on the node asked, and this test is about the next leader's timer.
 * The nodes run with --test-clock: the first test shows that the clock is the cluster's.
 */
let cluster: Cluster;
const site = demoSites()[2]!; // Fjordvarme's
const TAG = 'ESCALATION-FAILOVER';
const CLOCK_TAG = 'ESCALATION-CLOCK';

beforeAll(async () => {
  cluster = await startCluster({ nodes: 3, seedAll: true, simulation: 'off', nginx: false, postgresUrl: inject('clusterPostgresUrl'), nodeArgs: ['--test-clock'] });
});
afterAll(async () => {
  await cluster?.stop();
});

async function leaders(nodes: readonly ClusterNode[]): Promise<ClusterNode[]> {
  const healths = await Promise.all(nodes.map(async (node) => (await call(node, '/cloud/health').catch(() => ({ body: { leader: false } }))).body as { leader: boolean }));
  return nodes.filter((_, index) => healths[index]!.leader);
}

const mailsTo = async (email: string, tag = TAG) =>
  Number((await sql<{ n: string }>(cluster.databaseUrl, "SELECT count(*) AS n FROM outbox WHERE recipient = $1 AND body LIKE '%' || $2 || '%'", [email, tag]))[0]!.n);

test("the test clock is the cluster's: two nodes move it at once, every node has both moves within a second, due steps go out once", async () => {
  const [first, second, third] = cluster.nodes as [ClusterNode, ClusterNode, ClusterNode];
  const sysadmin = await signIn(first, demoUsers.systemAdmin.email, demoUsers.systemAdmin.password);
  const headers = bearer(tokenFor(sysadmin, 'alarms'));
  // How far each node's clock is ahead of this process's (ms).
  const aheadOf = async (node: ClusterNode) => Date.parse((await call(node, '/cloud/alarms/test-clock', { headers })).body.now as string) - Date.now();
  for (const node of cluster.nodes) expect(Math.abs(await aheadOf(node))).toBeLessThan(1000);

  const admin = await signIn(first, demoUsers.admin.email, demoUsers.admin.password);
  const policy = await call(first, '/cloud/alarms/escalations/policies', {
    headers: bearer(tokenFor(admin, 'alarms')),
    json: {
      name: 'Test clock', priorities: ['B'], sites: [site.uuid],
      steps: [
        { afterMinutes: 0, targets: [{ user: demoUsers.user.email }], channels: ['mail'] },
        { afterMinutes: 5, targets: [{ user: demoUsers.powerUser.email }], channels: ['mail'] },
      ],
    },
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  const raised = await call(first, '/cloud/alarms/simulation/alarms', { headers, json: { siteUuid: site.uuid, alarmGroup: 'B', tagName: CLOCK_TAG, text: 'Temperatur høy' } });
  expect(raised.status).toBe(201);
  await until(async () => (await mailsTo(demoUsers.user.email, CLOCK_TAG)) === 1, 20_000, 'step 1', 250);
  expect(await mailsTo(demoUsers.powerUser.email, CLOCK_TAG)).toBe(0);

  // Two nodes move it 3 minutes each at once: both moves count, and each runs what is due then.
  const moves = await Promise.all([second, third].map((node) => call(node, '/cloud/alarms/test-clock/advance', { headers, json: { minutes: 3 } })));
  expect(moves.map((move) => move.status)).toEqual([200, 200]);
  await until(async () => (await Promise.all(cluster.nodes.map(aheadOf))).every((ahead) => Math.abs(ahead - 6 * 60_000) < 1000), 1000, 'every node 6 minutes ahead');
  // Step 2 (at 5 minutes) went out once, whichever node's run or leader's tick took it.
  await until(async () => (await mailsTo(demoUsers.powerUser.email, CLOCK_TAG)) === 1, 5_000, 'step 2', 100);
  await new Promise((resolve) => setTimeout(resolve, 4_000)); // two more ticks of the leader's timer
  expect(await mailsTo(demoUsers.powerUser.email, CLOCK_TAG)).toBe(1);
  expect(await mailsTo(demoUsers.user.email, CLOCK_TAG)).toBe(1);
});

test('the leader SIGKILLed between step 1 and step 2: step 2 is sent exactly once', async () => {
  let leader: ClusterNode | undefined;
  await until(async () => (leader = (await leaders(cluster.nodes))[0]) !== undefined, 15_000, 'a leader');
  expect(await leaders(cluster.nodes)).toHaveLength(1);
  const others = cluster.nodes.filter((node) => node !== leader);
  const survivor = others[0]!;

  // A policy of the test's own, for class C on one site: step 1 to user@ at once, step 2 to power@ after 5 minutes.
  const admin = await signIn(survivor, demoUsers.admin.email, demoUsers.admin.password);
  const policy = await call(survivor, '/cloud/alarms/escalations/policies', {
    headers: bearer(tokenFor(admin, 'alarms')),
    json: {
      name: 'Failover', priorities: ['C'], sites: [site.uuid],
      steps: [
        { afterMinutes: 0, targets: [{ user: demoUsers.user.email }], channels: ['mail'] },
        { afterMinutes: 5, targets: [{ user: demoUsers.powerUser.email }], channels: ['mail'] },
      ],
    },
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(201);
  const sysadmin = await signIn(survivor, demoUsers.systemAdmin.email, demoUsers.systemAdmin.password);
  const raised = await call(survivor, '/cloud/alarms/simulation/alarms', { headers: bearer(tokenFor(sysadmin, 'alarms')), json: { siteUuid: site.uuid, alarmGroup: 'C', tagName: TAG, text: 'Trykk lavt' } });
  expect(raised.status).toBe(201);
  const alarmId = raised.body.data.id as string;

  // Step 1 goes out from the leader's tick (every 2 s); step 2 is still due.
  await until(async () => (await mailsTo(demoUsers.user.email)) === 1, 20_000, 'step 1', 250);
  const steps = () => sql<{ step_index: number; state: string }>(cluster.databaseUrl, 'SELECT s.step_index, s.state FROM escalation_steps s JOIN escalations e ON e.id = s.escalation_id WHERE e.alarm_id = $1 ORDER BY s.step_index', [alarmId]);
  expect((await steps()).map((row) => [row.step_index, row.state])).toEqual([[0, 'sent'], [1, 'due']]);

  await leader!.kill('SIGKILL');
  // Step 2 comes due now, while the cluster has no leader or a new one.
  await sql(cluster.databaseUrl, "UPDATE escalation_steps SET due_at = due_at - 300000 WHERE state = 'due' AND escalation_id IN (SELECT id FROM escalations WHERE alarm_id = $1)", [alarmId]);
  await until(async () => (await leaders(others)).length === 1, 15_000, 'a new leader');
  await until(async () => (await mailsTo(demoUsers.powerUser.email)) > 0, 20_000, 'step 2', 250);

  // The killed node comes back; after a few more ticks of every node, still one message each.
  await leader!.start();
  await until(async () => (await call(leader!, '/cloud/ready').catch(() => ({ status: 0 }))).status === 200, 30_000, 'the killed node is back');
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(await mailsTo(demoUsers.user.email)).toBe(1);
  expect(await mailsTo(demoUsers.powerUser.email)).toBe(1);
  expect((await steps()).map((row) => [row.step_index, row.state])).toEqual([[0, 'sent'], [1, 'sent']]);
  const log = await sql<{ step_index: number; username: string; outcome: string }>(cluster.databaseUrl, 'SELECT step_index, username, outcome FROM escalation_log WHERE alarm_id = $1 ORDER BY id', [alarmId]);
  expect(log.map((row) => [row.step_index, row.username, row.outcome])).toEqual([
    [0, demoUsers.user.email, 'sent'],
    [1, demoUsers.powerUser.email, 'sent'],
  ]);
});
