import type { FastifyInstance } from 'fastify';
import { servicePathPrefix, type GraphEdge } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { requireModule } from '../faas/access.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { csvToEdges, describeCsvErrors } from './csvToEdges.js';

/**
 * The csv2edges backend at /cloud/csv2edges: POST /csv2edges with a plain-text CSV body answers the
 * edges (contract graph.ts). Malformed CSV: 400 `{detail, errors: [{line, message}]}` naming every bad
 * line. It converts only; saving is the graph service's job (which checks site access).
 */
export function registerCsv2EdgesRoutes(app: FastifyInstance, ctx: CloudContext): void {
  void app.register(
    async (api) => {
      api.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

      api.post('/csv2edges', async (request, reply): Promise<GraphEdge[] | undefined> => {
        await requireModule(ctx, callerOf(request).uid, 'bim', 'the BIM tool');
        if (typeof request.body !== 'string') throw new HttpError(415, 'Send the CSV as text/plain or text/csv');
        const result = csvToEdges(request.body);
        if (!result.ok) {
          await reply.code(400).send({ detail: describeCsvErrors(result.errors), errors: result.errors });
          return undefined;
        }
        return result.edges;
      });
    },
    { prefix: servicePathPrefix('csv2edges') },
  );
}
