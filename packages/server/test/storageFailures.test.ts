import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, type Socket, createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { DatabaseTooNewError, type StorageLocation, openDatabase } from '../src/storage/db.js';
import { isStorageUnavailable } from '../src/storage/executeResults.js';
import { demoUsers } from '../src/seed/demoUsers.js';
import { call, signIn } from './helpers/http.js';
import { newPostgresDatabase, startCloud } from './helpers/startCloud.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database of this run's engine that can be opened twice: a folder on SQLite, a database on PostgreSQL. */
async function reopenableStorage(): Promise<StorageLocation> {
  const postgres = await newPostgresDatabase();
  if (postgres) {
    cleanups.push(() => postgres.drop());
    return postgres.storage;
  }
  const dir = mkdtempSync(join(tmpdir(), 'varde-storage-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { kind: 'directory', dir };
}

test('a database migrated by a newer version is refused with a message, and left as it was', async () => {
  const storage = await reopenableStorage();
  const db = await openDatabase(storage);
  await db.insertInto('schema_migrations').values({ id: '999-from-the-future', applied_at: Date.now() }).execute();
  await db.destroy();
  const refused = openDatabase(storage);
  await expect(refused).rejects.toThrow(DatabaseTooNewError);
  await expect(refused).rejects.toThrow(/newer version of varde-cloud \(migration 999-from-the-future is unknown here\)/);
  const again = await openDatabase(storage).catch((error: unknown) => error);
  expect(again).toBeInstanceOf(DatabaseTooNewError);
});

/**
 * A TCP hop between the cloud and PostgreSQL that the test can cut (every connection dropped, new ones
 * refused) and mend: the database "goes away" for this cloud alone, as when a network or a server fails.
 */
async function cuttableHop(target: URL): Promise<{ url: string; cut(): void; mend(): void; close(): Promise<void> }> {
  let open = true;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = createConnection(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    mend() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const postgres = await newPostgresDatabase();

test.skipIf(!postgres)('PostgreSQL lost while running: 503 with detail, never a crash; back by itself when it returns', async () => {
  cleanups.push(() => postgres!.drop());
  const hop = await cuttableHop(new URL((postgres!.storage as { url: string }).url));
  cleanups.push(() => hop.close());
  const cloud = await startCloud({ storage: { kind: 'postgres', url: hop.url }, seed: 'demo' });
  cleanups.push(() => cloud.close());
  const session = await signIn(cloud, demoUsers.admin.email, demoUsers.admin.password);
  const sites = () => call(cloud, '/cloud/controllers-api/controllers', { headers: { authorization: `Bearer ${session.accessTokens['controllers-api.localhost']}` } });
  expect((await sites()).status).toBe(200);

  hop.cut();
  const during = await sites();
  expect(during.status).toBe(503);
  expect(during.body.detail).toMatch(/database cannot be reached/);
  expect(during.headers.get('retry-after')).toBe('2');
  // A browser's cold-load question is not answered "no session" while the sessions cannot be read.
  const cookie = `varde_session=${'x'.repeat(43)}`;
  expect((await call(cloud, '/cloud/auth/session', { headers: { cookie } })).status).toBe(503);
  // Nor does a logout say it ended a session it could not reach: it still lives once the database is back.
  const logout = () => call(cloud, '/cloud/auth/session/logout', { method: 'POST', headers: { authorization: `Bearer ${session.accessTokens['auth.localhost']}` } });
  expect((await logout()).status).toBe(503);

  hop.mend();
  await expect.poll(async () => (await sites()).status, { timeout: 10_000 }).toBe(200);
  expect((await logout()).status).toBe(200);
  expect((await sites()).status).toBe(401);
});

const heldPostgres = await newPostgresDatabase();

test.skipIf(!heldPostgres)('a connection that PostgreSQL ends while the cloud holds it between two statements fails its next statement, and crashes nothing', async () => {
  cleanups.push(() => heldPostgres!.drop());
  const db = await openDatabase(heldPostgres!.storage);
  cleanups.push(() => db.destroy());
  const ended = db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
    // Another session ends this one (as a restart or an administrator does) while no statement runs on it.
    await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sql`SELECT 1`.execute(trx);
  });
  const error = await ended.catch((caught: unknown) => caught);
  expect(isStorageUnavailable(error)).toBe(true);
  // The pool dropped the ended connection: the next statement gets a new one.
  expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
});
