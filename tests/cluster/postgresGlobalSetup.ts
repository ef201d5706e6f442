import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../scripts/throwawayPostgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL server's admin URL; each cluster gets a database of its own in it. */
    clusterPostgresUrl: string;
  }
}

/** One throwaway PostgreSQL for the whole cluster suite, stopped at its end. */
export default async function setup(project: TestProject) {
  const server = await startThrowawayPostgres();
  project.provide('clusterPostgresUrl', server.url);
  return () => server.stop();
}
