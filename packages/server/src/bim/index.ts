import type { FastifyInstance } from 'fastify';
import type { CloudContext } from '../context.js';
import { registerCsv2EdgesRoutes } from '../csv2edges/routes.js';
import { createGraphStore, type GraphStore } from '../graph/graphStore.js';
import { registerGraphRoutes } from '../graph/routes.js';
import { registerBimRoutes } from './routes.js';
import { registerSessionBimToken } from './sessionBimToken.js';

/** The BIM tool's three services: the third-party BIM service, csv2edges and the junction-box graph (its tables made first). */
export async function registerBimServices(app: FastifyInstance, ctx: CloudContext): Promise<{ graph: GraphStore }> {
  const graph = await createGraphStore(ctx.db);
  registerSessionBimToken(app, ctx, registerBimRoutes(app, ctx));
  registerCsv2EdgesRoutes(app, ctx);
  registerGraphRoutes(app, ctx, graph);
  return { graph };
}
