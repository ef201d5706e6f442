import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { countOf } from '../src/storage/executeResults.js';
import { demoSites } from '../src/seed/demoSites.js';
import { demoUserList } from '../src/seed/demoUsers.js';
import { bearer, call } from './helpers/http.js';
import { createCloud } from '../src/cloud.js';
import { newPostgresDatabase, startCloud, testEngine, type Cloud } from './helpers/startCloud.js';
import { eventually, startTwoNodes } from './helpers/twoNodes.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describe.runIf(testEngine() === 'postgres')('two nodes started together on an empty database', () => {
  let nodes: NonNullable<Awaited<ReturnType<typeof startTwoNodes>>>;
  beforeAll(async () => {
    nodes = (await startTwoNodes({ metricsToken: METRICS_TOKEN }))!;
  });
  afterAll(() => nodes?.close());

  it('make one signing key and one demo seed, and both sign with that key', async () => {
    const { db } = nodes.a.context;
    expect(countOf(await db.selectFrom('signing_keys').select(sql`count(*)`.as('n')).executeTakeFirst())).toBe(1);
    expect(countOf(await db.selectFrom('sites').select(sql`count(*)`.as('n')).executeTakeFirst())).toBe(demoSites().length);
    expect(countOf(await db.selectFrom('accounts').select(sql`count(*)`.as('n')).executeTakeFirst())).toBe(demoUserList.length);
    expect(nodes.a.context.keys.kid).toBe(nodes.b.context.keys.kid);
  });

  it('say who they are in /cloud/health, and exactly one of them leads', async () => {
    await eventually(async () => (await call(nodes.a, '/cloud/health')).body.leader || (await call(nodes.b, '/cloud/health')).body.leader, 10_000, 'a leader');
    const a = await call(nodes.a, '/cloud/health');
    const b = await call(nodes.b, '/cloud/health');
    expect(a.status).toBe(200);
    expect({ ...a.body, leader: undefined }).toEqual({ status: 'ok', node: 'a', database: 'up' });
    expect({ ...b.body, leader: undefined }).toEqual({ status: 'ok', node: 'b', database: 'up' });
    expect([a.body.leader, b.body.leader].filter(Boolean)).toHaveLength(1);
  });

  it('count their own requests and show their pool and leadership in /cloud/metrics', async () => {
    await call(nodes.b, '/cloud/ready');
    const metrics = await call(nodes.b, '/cloud/metrics', { headers: bearer(METRICS_TOKEN) });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(metrics.body).toMatch(/varde_http_requests_total\{(?=[^}]*route="\/cloud\/ready")(?=[^}]*status="200")(?=[^}]*node="b")[^}]*\} [1-9]/);
    expect(metrics.body).toMatch(/varde_database_pool_connections\{(?=[^}]*state="idle")[^}]*\} \d+/);
    expect(metrics.body).toMatch(/varde_leader\{node="b"\} [01]/);
  });
});

describe('health, readiness and metrics of one node', () => {
  let cloud: Cloud;
  let withoutMetrics: Cloud;
  beforeAll(async () => {
    cloud = await startCloud({ seed: 'none', metricsToken: METRICS_TOKEN, nodeId: 'solo' });
    withoutMetrics = await startCloud({ seed: 'none' });
  });
  afterAll(async () => {
    await cloud?.close();
    await withoutMetrics?.close();
  });

  it('health is public and says the node leads (one node always does)', async () => {
    await eventually(async () => (await call(cloud, '/cloud/health')).body.leader === true, 5000, 'leading');
    expect((await call(cloud, '/cloud/health')).body).toEqual({ status: 'ok', node: 'solo', leader: true, database: 'up' });
  });

  it('ready is 200 once migrated', async () => {
    const ready = await call(cloud, '/cloud/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', node: 'solo' });
  });

  it('metrics need the metrics token, and are off (404) without one configured', async () => {
    expect((await call(cloud, '/cloud/metrics')).status).toBe(401);
    const wrong = await call(cloud, '/cloud/metrics', { headers: bearer('x'.repeat(METRICS_TOKEN.length)) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toContain('VARDE_METRICS_TOKEN');
    const off = await call(withoutMetrics, '/cloud/metrics', { headers: bearer(METRICS_TOKEN) });
    expect(off.status).toBe(404);
    expect(off.body.detail).toContain('VARDE_METRICS_TOKEN');
  });

  it('metrics have request latency by route pattern (not raw paths), open sockets and function runs', async () => {
    await call(cloud, '/cloud/controllers-api/controllers/some-id-1');
    await call(cloud, '/cloud/no-such-thing/at/all');
    const text = (await call(cloud, '/cloud/metrics', { headers: bearer(METRICS_TOKEN) })).body as string;
    expect(text).toMatch(/varde_http_request_duration_seconds_bucket\{(?=[^}]*le="0\.005")(?=[^}]*route="\/cloud\/health")(?=[^}]*status="200")[^}]*\}/);
    expect(text).toMatch(/route="unmatched",status="404"/);
    expect(text).not.toContain('some-id-1');
    expect(text).toMatch(/varde_open_sockets\{node="solo"\} [1-9]/);
    expect(text).toContain('# TYPE varde_function_runs_total counter');
    // Statements sent: what a request costs the database (the reads bench divides it by its requests).
    expect(Number(/varde_database_statements_total\{node="solo"\} (\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
  });
});

describe.runIf(testEngine() === 'postgres')('a node whose database is gone', () => {
  it('is not ready (503 with a detail) and its health says the database is down', async () => {
    const postgres = (await newPostgresDatabase())!;
    const cloud = await createCloud({ port: 0, storage: postgres.storage, nodeId: 'lonely' });
    try {
      expect((await call(cloud, '/cloud/ready')).status).toBe(200);
      await postgres.drop();
      const ready = await call(cloud, '/cloud/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.detail).toMatch(/the database does not answer/);
      expect((await call(cloud, '/cloud/health')).body).toMatchObject({ status: 'degraded', node: 'lonely', database: 'down' });
    } finally {
      await cloud.close();
    }
  });
});
