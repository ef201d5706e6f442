import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createCloud, type Cloud } from '../../src/cloud.js';
import type { CloudOptions } from '../../src/context.js';
import { type Db, type StorageLocation, openDatabase } from '../../src/storage/db.js';

/**
 * An in-memory cloud with the demo data on an ephemeral port. Close it in afterAll:
 *   const cloud = await startCloud(); ... await cloud.close();
 * Its outbox is public, as on `npm start`'s demo cloud, so tests read codes and links as a person
 * would; test/outbox-access.test.ts covers the private outbox.
 *
 * In the PostgreSQL pass of the suite (vitest project `server-postgres`), each cloud gets an empty
 * database of its own in the throwaway PostgreSQL, dropped when the cloud closes.
 */
export async function startCloud(options: CloudOptions = {}): Promise<Cloud> {
  const postgres = options.storage ? undefined : await newPostgresDatabase();
  const cloud = await createCloud({
    port: 0,
    storage: postgres?.storage ?? { kind: 'memory' },
    seed: 'demo',
    outbox: 'public',
    ...options,
  });
  if (!postgres) return cloud;
  const close = cloud.close.bind(cloud);
  cloud.close = async () => {
    await close();
    await postgres.drop();
  };
  return cloud;
}

/** The engine this run of the suite stores clouds in. */
export function testEngine(): 'sqlite' | 'postgres' {
  return inject('postgresUrl') ? 'postgres' : 'sqlite';
}

/** A new empty database in the suite's PostgreSQL, or undefined when the suite runs on SQLite. */
export async function newPostgresDatabase(): Promise<{ storage: StorageLocation; drop(): Promise<void> } | undefined> {
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) return undefined;
  const name = `varde_${randomUUID().replace(/-/g, '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    storage: { kind: 'postgres', url: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export type { Cloud };

/** An empty, migrated database on this run's engine (memory SQLite, or a new PostgreSQL database). */
export async function openTestDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const postgres = await newPostgresDatabase();
  const db = await openDatabase(postgres?.storage ?? { kind: 'memory' });
  return {
    db,
    async close() {
      await db.destroy();
      await postgres?.drop();
    },
  };
}
