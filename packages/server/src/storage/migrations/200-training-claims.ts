import type { Migration } from './migration.js';

const table = (bigint: string) => `
    CREATE TABLE training_claims (
      version_id TEXT PRIMARY KEY,
      model_id TEXT NOT NULL,
      node TEXT NOT NULL,
      heartbeat_at ${bigint} NOT NULL
    );
`;

/**
 * Which node runs each training job (issue 24): a job is claimed as a row that its node touches every
 * few seconds. A node that finds a job in training whose claim is missing or stale (its node died) takes
 * it over; a node that restarts no longer marks other nodes' jobs as failed.
 */
export const trainingClaimsMigration: Migration = {
  id: '200-training-claims',
  sql: table('INTEGER'),
  postgres: table('BIGINT'),
};
