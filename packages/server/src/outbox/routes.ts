import type { FastifyInstance } from 'fastify';
import { listOutboxQuery, type OutboxMessage } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { parseWith } from '../http/parseWith.js';
import { renderOutboxPage } from './page.js';

/**
 * The outbox, at /cloud/outbox. Both routes are public on purpose: the outbox is the simulated
 * world's phones and mailboxes, not a cloud service. Anyone who can reach the reference cloud can
 * read them, exactly as anyone could read the phone an SMS went to. Never expose a reference cloud
 * with real users on a public network.
 */
export function registerOutboxRoutes(app: FastifyInstance, ctx: CloudContext): void {
  void app.register(
    async (outbox) => {
      outbox.get('/messages', { config: { public: true } }, async (request): Promise<{ data: OutboxMessage[] }> => {
        const query = parseWith(listOutboxQuery, request.query ?? {});
        return { data: ctx.outbox.list(query) };
      });
      outbox.get('/', { config: { public: true } }, async (_request, reply) => {
        reply.header('Content-Type', 'text/html; charset=utf-8');
        reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
        return renderOutboxPage(ctx.outbox.list());
      });
    },
    { prefix: '/cloud/outbox' },
  );
}
