import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';

/**
 * This node's Prometheus metrics (prom-client), one Registry per cloud so that two clouds in one
 * process (tests) do not clash over names. Scraped from each node directly: through a load balancer
 * a scrape would land on any node.
 */
export interface CloudMetrics {
  registry: Registry;
  /** Counts a cloud function's run on this node by how it ended. */
  functionRun(outcome: string): void;
}

export interface MetricsSources {
  server: Server;
  /** PostgreSQL's pool (undefined on SQLite: no pool to watch). */
  pool?: pg.Pool;
  isLeader(): boolean;
  nodeId: string;
  /** Statements sent to the database so far (on PostgreSQL each is a round trip). */
  statementsSent(): number;
}

/** Requests by route pattern (never the raw URL: ids would make a series each) and status. */
export function createCloudMetrics(app: FastifyInstance, sources: MetricsSources): CloudMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ node: sources.nodeId });
  collectDefaultMetrics({ register: registry, prefix: 'varde_' });

  const requests = new Counter({
    name: 'varde_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'varde_http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // Unknown paths share one series: a scanner must not make a series per path it tries.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  let openSockets = 0;
  sources.server.on('connection', (socket) => {
    openSockets += 1;
    socket.once('close', () => (openSockets -= 1));
  });
  new Gauge({
    name: 'varde_open_sockets',
    help: 'TCP connections open to this node (HTTP keep-alive, websockets, socket.io)',
    registers: [registry],
    collect() {
      this.set(openSockets);
    },
  });
  new Gauge({
    name: 'varde_leader',
    help: '1 while this node is the cluster leader (runs the simulation, rule timer and clean-ups)',
    registers: [registry],
    collect() {
      this.set(sources.isLeader() ? 1 : 0);
    },
  });
  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'varde_database_pool_connections',
      help: 'PostgreSQL pool connections of this node, by state (idle, busy, waiting = requests waiting for one)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  let statementsCounted = 0;
  new Counter({
    name: 'varde_database_statements_total',
    help: 'Statements this node sent to the database (what a request costs: divide by varde_http_requests_total)',
    registers: [registry],
    collect() {
      const sent = sources.statementsSent();
      this.inc(sent - statementsCounted);
      statementsCounted = sent;
    },
  });
  const functionRuns = new Counter({
    name: 'varde_function_runs_total',
    help: 'Cloud function runs on this node, by outcome (ok, error, timeout, refused)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return { registry, functionRun: (outcome) => functionRuns.inc({ outcome }) };
}
