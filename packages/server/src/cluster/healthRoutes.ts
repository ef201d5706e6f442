import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CloudContext } from '../context.js';
import { HttpError } from '../http/HttpError.js';
import { migrations } from '../storage/migrations/index.js';
import type { CloudMetrics } from './metrics.js';

/** A database that has not answered within this long counts as down (a probe must answer quickly). */
const DATABASE_PROBE_MS = 2000;

export interface NodeState {
  isLeader(): boolean;
  /** False once the node has begun to stop (a load balancer should send nothing more). */
  isServing(): boolean;
}

async function probe<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_PROBE_MS / 1000} s`)), DATABASE_PROBE_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What this node's database says: up with every migration applied, or why not. */
async function databaseState(ctx: CloudContext): Promise<{ up: boolean; migrated: boolean; detail?: string }> {
  try {
    const rows = (await probe(ctx.db.selectFrom('schema_migrations').select('id').execute())) as { id: string }[];
    const applied = new Set(rows.map((row) => row.id));
    const missing = migrations.filter((migration) => !applied.has(migration.id)).map((migration) => migration.id);
    if (missing.length > 0) return { up: true, migrated: false, detail: `migrations not applied yet: ${missing.join(', ')}` };
    return { up: true, migrated: true };
  } catch (error) {
    return { up: false, migrated: false, detail: `the database does not answer: ${(error as Error).message}` };
  }
}

/**
 * Health, readiness and metrics of this node, what load balancers and dashboards read:
 * - GET /cloud/health: the process answers (always 200), with its node id, whether it leads and
 *   whether its database answers. Public: it tells nothing about anyone's data.
 * - GET /cloud/ready: 200 when the database answers and every migration is applied, else 503 with a
 *   detail. Public, for the load balancer's health check.
 * - GET /cloud/metrics: Prometheus text, private: `Authorization: Bearer <VARDE_METRICS_TOKEN>`;
 *   404 when no token is configured (metrics off).
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: CloudContext, node: NodeState, metrics: CloudMetrics): void {
  // Public: a load balancer or uptime check has no token, and the answer names no user or site.
  app.get('/cloud/health', { config: { public: true } }, async (_request, reply) => {
    const database = await databaseState(ctx);
    void reply.header('cache-control', 'no-store');
    return {
      status: !node.isServing() ? 'stopping' : database.up ? 'ok' : 'degraded',
      node: ctx.config.nodeId,
      leader: node.isLeader(),
      database: database.up ? 'up' : 'down',
    };
  });

  // Public, as health: the load balancer asks it before sending a node requests.
  app.get('/cloud/ready', { config: { public: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!node.isServing()) throw new HttpError(503, 'this node is stopping');
    const database = await databaseState(ctx);
    if (!database.migrated) throw new HttpError(503, database.detail ?? 'not ready');
    return { status: 'ready', node: ctx.config.nodeId };
  });

  // Public at the bearer check (the metrics token is not a service token); checked here instead.
  app.get('/cloud/metrics', { config: { public: true } }, async (request, reply) => {
    const expected = ctx.config.metricsToken;
    if (!expected) throw new HttpError(404, 'Metrics are off on this node: set VARDE_METRICS_TOKEN to turn them on');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, expected)) {
      throw new HttpError(401, 'The metrics need Authorization: Bearer <VARDE_METRICS_TOKEN>', { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    void reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
