import type { FastifyInstance } from 'fastify';
import { listOutboxQuery, type OutboxMessage } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { parseWith } from '../http/parseWith.js';
import { assertOutboxReader } from './outboxAccess.js';
import { renderOutboxPage } from './page.js';

/**
 * The outbox, at /cloud/outbox: the simulated world's phones and mailboxes. The routes are public to the
 * bearer hook (the outbox is no token service); assertOutboxReader decides: a system admin, or anyone
 * when the cloud runs with `--outbox public`.
 */
export function registerOutboxRoutes(app: FastifyInstance, ctx: CloudContext): void {
  void app.register(
    async (outbox) => {
      outbox.get('/messages', { config: { public: true } }, async (request): Promise<{ data: OutboxMessage[] }> => {
        await assertOutboxReader(ctx, request);
        const query = parseWith(listOutboxQuery, request.query ?? {});
        return { data: await ctx.outbox.list(query) };
      });
      outbox.get('/', { config: { public: true } }, async (request, reply) => {
        await assertOutboxReader(ctx, request);
        reply.header('Content-Type', 'text/html; charset=utf-8');
        reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
        return renderOutboxPage(await ctx.outbox.list());
      });
    },
    { prefix: '/cloud/outbox' },
  );
}
