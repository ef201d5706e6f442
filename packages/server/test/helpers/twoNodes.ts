import { createCloud, type Cloud } from '../../src/cloud.js';
import type { CloudOptions } from '../../src/context.js';
import { newPostgresDatabase } from './startCloud.js';

/**
 * Two cloud nodes on one new database of this run's throwaway PostgreSQL, started together (as a
 * cluster's nodes are), with node ids `a` and `b`. Undefined in the SQLite pass: SQLite has one node.
 * `close()` stops both and drops the database.
 */
export async function startTwoNodes(options: CloudOptions = {}): Promise<{ a: Cloud; b: Cloud; close(): Promise<void>; url: string } | undefined> {
  const postgres = await newPostgresDatabase();
  if (!postgres) return undefined;
  const start = (nodeId: string) => createCloud({ port: 0, storage: postgres.storage, seed: 'demo', outbox: 'public', nodeId, ...options });
  const [a, b] = await Promise.allSettled([start('a'), start('b')]);
  if (a.status === 'rejected' || b.status === 'rejected') {
    if (a.status === 'fulfilled') await a.value.close();
    if (b.status === 'fulfilled') await b.value.close();
    await postgres.drop();
    throw a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason;
  }
  return {
    a: a.value,
    b: b.value,
    url: (postgres.storage as { url: string }).url,
    async close() {
      await Promise.all([a.value.close(), b.value.close()]);
      await postgres.drop();
    },
  };
}

/** Resolves once `check` is true (polled every 50 ms), or fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
