import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { StorageLocation } from '../storage/db.js';
import { applicationNameOf } from './clusterListener.js';

/** How long a request that ended a session waits at the most for the cluster to hear it. */
const ECHO_WAIT_MS = 1_000;

/**
 * A request that ended a session or changed an account (a logout, a password change, a leaver) answers
 * only once every node has heard it, so that the next request to any node is refused (issue 40's caller
 * cache otherwise leaves the milliseconds of the notice's way). PostgreSQL delivers notices in commit
 * order to every listener: once this node hears a marker it sent after the write's commit, the others
 * have been sent the write's notice too. SQLite has one node, whose cache heard the write as it was sent.
 */
export function createCallerWritesHeard(storage: StorageLocation, nodeId: string) {
  const requests = new AsyncLocalStorage<FastifyRequest>();
  const wroteCaller = new WeakSet<FastifyRequest>();
  const waiting = new Map<string, () => void>();
  const self = applicationNameOf(nodeId);

  async function heardEverywhere(db: Kysely<any>, listening: boolean): Promise<void> {
    if (storage.kind !== 'postgres' || !listening) return;
    const marker = randomUUID();
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ECHO_WAIT_MS);
      waiting.set(marker, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await sql`SELECT pg_notify('varde_caller', ${JSON.stringify({ n: self, e: marker })})`.execute(db);
      await heard;
    } finally {
      waiting.delete(marker);
    }
  }

  return {
    /** For the table-write watcher: the request being handled (if any) wrote what callers are made of. */
    noteWrite(): void {
      const request = requests.getStore();
      if (request) wroteCaller.add(request);
    },
    /** For the cluster listener: this node's marker came back. */
    heard(marker: string): void {
      waiting.get(marker)?.();
    },
    /** Handlers run inside their request's scope (after the body is read); answers wait as said above. */
    attach(app: FastifyInstance, db: Kysely<any>, listening: () => boolean): void {
      app.addHook('preHandler', (request, _reply, done) => requests.run(request, done));
      app.addHook('onSend', async (request, _reply, payload) => {
        if (wroteCaller.has(request)) await heardEverywhere(db, listening());
        return payload;
      });
    },
  };
}
