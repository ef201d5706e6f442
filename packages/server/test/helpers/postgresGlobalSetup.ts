import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../../../scripts/throwawayPostgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL's admin URL in the `server-postgres` pass; '' on SQLite. */
    postgresUrl: string;
  }
}

/** The `server-postgres` pass: one throwaway PostgreSQL for the whole run, stopped at its end. */
export default async function setup(project: TestProject) {
  const server = await startThrowawayPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
