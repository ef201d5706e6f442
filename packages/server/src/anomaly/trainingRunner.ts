import { isTrainingInProgress, type VersionStatus } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Historian } from '../historian/historianStore.js';
import type { ModelStore } from './modelStore.js';
import { runStage, TrainingError, type JobState } from './trainingJob.js';

/**
 * Runs training jobs one stage at a time. With timers (varde-cloud, default) each stage follows the
 * previous after `stageMs`, so a job is READY within a few seconds and the portal sees every status.
 * Tests call useManualSteps() and then step() / runUntilIdle(), so nothing depends on wall time.
 */
export interface TrainingRunner {
  /** Sets STARTING_TRAINING now and queues the job. */
  start(modelId: string, versionId: string): void;
  /** Moves every queued job one stage on; returns how many are still running. */
  step(): number;
  /** Steps until no job is left (at most `maxSteps` rounds). */
  runUntilIdle(maxSteps?: number): void;
  useManualSteps(): void;
  useTimers(stageMs?: number): void;
  /** Version ids with a job. */
  running(): string[];
  close(): void;
}

export const DEFAULT_STAGE_MS = 500;

export function createTrainingRunner(deps: {
  store: ModelStore;
  historian: Historian;
  clock: Clock;
  onError?: (error: unknown) => void;
}): TrainingRunner {
  const jobs = new Map<string, JobState>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let stageMs: number | null = DEFAULT_STAGE_MS;

  function fail(job: JobState, message: string): void {
    jobs.delete(job.versionId);
    deps.store.updateVersion(job.versionId, { status: 'VERSION_STATUS_ERROR', status_message: message });
  }

  /** One stage of one job; false when the job is over. */
  function advance(job: JobState): boolean {
    const version = deps.store.version(job.modelId, job.versionId);
    if (!version || !isTrainingInProgress(version.status)) {
      jobs.delete(job.versionId);
      return false;
    }
    try {
      const { next, performance } = runStage(version.status, job, { store: deps.store, historian: deps.historian, now: deps.clock.now() });
      deps.store.updateVersion(job.versionId, { status: next, ...(performance ? { performance } : {}) });
      if (next === 'VERSION_STATUS_READY') {
        jobs.delete(job.versionId);
        return false;
      }
      return true;
    } catch (error) {
      if (!(error instanceof TrainingError)) deps.onError?.(error);
      fail(job, error instanceof TrainingError ? error.message : 'Training failed unexpectedly');
      return false;
    }
  }

  function schedule(job: JobState): void {
    if (stageMs === null) return;
    const timer = setTimeout(() => {
      timers.delete(job.versionId);
      if (jobs.get(job.versionId) === job && advance(job)) schedule(job);
    }, stageMs);
    timer.unref?.();
    timers.set(job.versionId, timer);
  }

  function clearTimers(): void {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  }

  // Jobs do not survive a restart: say so on the versions they left half way.
  const interrupted: VersionStatus[] = [
    'VERSION_STATUS_STARTING_TRAINING', 'VERSION_STATUS_PROVISIONING_DATA', 'VERSION_STATUS_DATA_PROVISIONED',
    'VERSION_STATUS_CREATING_SUBSETS', 'VERSION_STATUS_SUBSETS_CREATED', 'VERSION_STATUS_TRAINING_MODEL',
    'VERSION_STATUS_MODEL_TRAINED',
  ];
  for (const version of deps.store.versionsWithStatus(interrupted)) {
    deps.store.updateVersion(version.version_id, {
      status: 'VERSION_STATUS_ERROR',
      status_message: 'Training was interrupted when the cloud restarted; start it again',
    });
  }

  return {
    start(modelId, versionId) {
      deps.store.deleteArtifacts(versionId);
      deps.store.updateVersion(versionId, { status: 'VERSION_STATUS_STARTING_TRAINING', status_message: null, performance: {} });
      const job: JobState = { modelId, versionId };
      jobs.set(versionId, job);
      const timer = timers.get(versionId);
      if (timer) clearTimeout(timer);
      schedule(job);
    },
    step() {
      for (const job of [...jobs.values()]) advance(job);
      return jobs.size;
    },
    runUntilIdle(maxSteps = 20) {
      for (let i = 0; i < maxSteps && jobs.size > 0; i += 1) this.step();
    },
    useManualSteps() {
      stageMs = null;
      clearTimers();
    },
    useTimers(ms = DEFAULT_STAGE_MS) {
      stageMs = ms;
      for (const job of jobs.values()) if (!timers.has(job.versionId)) schedule(job);
    },
    running: () => [...jobs.keys()],
    close() {
      clearTimers();
      jobs.clear();
    },
  };
}
