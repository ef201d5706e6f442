import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../../../scripts/throwawayPostgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL's admin URL in the `server-postgres` pass; '' on SQLite. */
    postgresUrl: string;
  }
}

type Server = Awaited<ReturnType<typeof startThrowawayPostgres>>;
/** One server for every PostgreSQL project of the run (globalThis is the main process's, common to their setups). */
const shared = globalThis as { vardeTestPostgres?: { server: Promise<Server>; users: number } };

/**
 * The PostgreSQL passes (`server-postgres`, `cli-postgres`): one throwaway PostgreSQL for the whole run,
 * stopped when the last of them ends. Each cloud makes a database of its own in it (startCloud.ts).
 */
export default async function setup(project: TestProject) {
  const postgres = (shared.vardeTestPostgres ??= { server: startThrowawayPostgres(), users: 0 });
  postgres.users += 1;
  const server = await postgres.server;
  project.provide('postgresUrl', server.url);
  return () => {
    postgres.users -= 1;
    if (postgres.users > 0) return;
    shared.vardeTestPostgres = undefined;
    server.stop();
  };
}
