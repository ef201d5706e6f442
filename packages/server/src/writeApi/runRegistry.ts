import { randomUUID } from 'node:crypto';

/**
 * Cloud-function runs in progress. A run's WRITEAPI_HOST ends in `/runs/{runId}`, so the values the
 * function writes are attributed to the run (its report lists them); the id only works for the user
 * who started the run, and only while it runs.
 */
export interface RunRegistry {
  begin(uid: string): string;
  end(runId: string): void;
  isActiveFor(runId: string, uid: string): boolean;
}

export function createRunRegistry(): RunRegistry {
  const active = new Map<string, string>();
  return {
    begin(uid) {
      const runId = randomUUID();
      active.set(runId, uid);
      return runId;
    },
    end: (runId) => void active.delete(runId),
    isActiveFor: (runId, uid) => active.get(runId) === uid,
  };
}
