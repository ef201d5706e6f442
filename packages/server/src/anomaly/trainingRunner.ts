import { isTrainingInProgress, type VersionStatus } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Historian } from '../historian/historianStore.js';
import type { ModelStore } from './modelStore.js';
import { runStage, TrainingError, type JobState } from './trainingJob.js';
import { CLAIM_HEARTBEAT_MS, type TrainingClaims } from './trainingClaims.js';

/**
 * Runs training jobs one stage at a time. With timers (varde-cloud, default) each stage follows the
 * previous after `stageMs`, so a job is READY within a few seconds and the portal sees every status.
 * Tests call useManualSteps() and then step() / runUntilIdle(), so nothing depends on wall time.
 * A job never runs two stages at once: a step asked for while its stage runs waits for that stage.
 */
export interface TrainingRunner {
  /**
   * Sets STARTING_TRAINING now and queues the job, when the version is CREATED or ERROR (checked in the
   * same statement that sets it); false, and nothing done, when it is not.
   */
  start(modelId: string, versionId: string): Promise<boolean>;
  /** Moves every queued job one stage on; resolves to how many are still running. */
  step(): Promise<number>;
  /** Steps until no job is left (at most `maxSteps` rounds). */
  runUntilIdle(maxSteps?: number): Promise<void>;
  useManualSteps(): void;
  useTimers(stageMs?: number): void;
  /** Takes over jobs in training whose node stopped (run every few seconds by itself; tests call it). */
  adoptOrphans(): Promise<string[]>;
  /** Version ids with a job. */
  running(): string[];
  /** Stops every job; resolves once a stage that was running has finished (nothing touches the store after). */
  close(): Promise<void>;
}

export const DEFAULT_STAGE_MS = 500;

const STARTABLE: VersionStatus[] = ['VERSION_STATUS_CREATED', 'VERSION_STATUS_ERROR'];

const IN_PROGRESS: VersionStatus[] = [
  'VERSION_STATUS_STARTING_TRAINING', 'VERSION_STATUS_PROVISIONING_DATA', 'VERSION_STATUS_DATA_PROVISIONED',
  'VERSION_STATUS_CREATING_SUBSETS', 'VERSION_STATUS_SUBSETS_CREATED', 'VERSION_STATUS_TRAINING_MODEL',
  'VERSION_STATUS_MODEL_TRAINED',
];

/**
 * Jobs are claimed as rows (trainingClaims.ts): the node that starts a job claims it and touches the
 * claim every few seconds while it runs. A job in training whose claim is missing or stale (its node
 * died, or a single node restarted) is taken over by the next node that looks, and trained again from
 * the start (a job's data lives in its node's memory between stages). Nothing is marked failed because
 * some node restarted.
 */
export async function createTrainingRunner(deps: {
  store: ModelStore;
  historian: Historian;
  clock: Clock;
  claims: TrainingClaims;
  onError?: (error: unknown) => void;
}): Promise<TrainingRunner> {
  const jobs = new Map<string, JobState>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The stage each job is running now. */
  const stages = new Map<JobState, Promise<boolean>>();
  let stageMs: number | null = DEFAULT_STAGE_MS;
  let closed = false;

  const isCurrent = (job: JobState) => jobs.get(job.versionId) === job;
  const drop = (job: JobState) => {
    if (!isCurrent(job)) return;
    jobs.delete(job.versionId);
    deps.claims.release(job.versionId).catch((error: unknown) => deps.onError?.(error));
  };

  /**
   * One stage of one job; false when the job is over. Every status it writes is conditional on the
   * status the stage started from, so a job whose version was restarted or deleted meanwhile stops
   * instead of writing over the new one.
   */
  async function runOneStage(job: JobState): Promise<boolean> {
    const version = await deps.store.version(job.modelId, job.versionId);
    if (!isCurrent(job) || !version || !isTrainingInProgress(version.status)) {
      drop(job);
      return false;
    }
    try {
      const { next, performance } = await runStage(version.status, job, { store: deps.store, historian: deps.historian, now: deps.clock.now() });
      const moved = await deps.store.updateVersion(job.versionId, { status: next, ...(performance ? { performance } : {}) }, [version.status]);
      if (!moved || next === 'VERSION_STATUS_READY') {
        drop(job);
        return false;
      }
      return true;
    } catch (error) {
      if (!(error instanceof TrainingError)) deps.onError?.(error);
      drop(job);
      const message = error instanceof TrainingError ? error.message : 'Training failed unexpectedly';
      await deps.store.updateVersion(job.versionId, { status: 'VERSION_STATUS_ERROR', status_message: message }, [version.status]);
      return false;
    }
  }

  function advance(job: JobState): Promise<boolean> {
    let stage = stages.get(job);
    if (!stage) {
      stage = runOneStage(job).finally(() => stages.delete(job));
      stages.set(job, stage);
      // With timers, the next stage follows this one (however it was started).
      void stage.then((more) => {
        if (more) schedule(job);
      }, () => undefined);
    }
    return stage;
  }

  function schedule(job: JobState): void {
    if (stageMs === null || closed || timers.has(job.versionId) || !isCurrent(job)) return;
    const timer = setTimeout(() => {
      timers.delete(job.versionId);
      if (isCurrent(job)) advance(job).catch((error: unknown) => deps.onError?.(error));
    }, stageMs);
    timer.unref?.();
    timers.set(job.versionId, timer);
  }

  function clearTimers(): void {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  }

  /** Queues a job of this node from its first stage (artifacts of an earlier try go first). */
  async function queue(modelId: string, versionId: string): Promise<void> {
    await deps.store.deleteArtifacts(versionId);
    const job: JobState = { modelId, versionId };
    jobs.set(versionId, job);
    const timer = timers.get(versionId);
    if (timer) clearTimeout(timer);
    timers.delete(versionId);
    schedule(job);
  }

  /** Takes over the jobs in training that no live node runs; resolves to the version ids taken. */
  async function adoptOrphans(): Promise<string[]> {
    const taken: string[] = [];
    for (const version of await deps.store.versionsWithStatus(IN_PROGRESS)) {
      if (closed || jobs.has(version.version_id)) continue;
      if (!(await deps.claims.takeOver(version.version_id, version.model_id))) continue;
      const restarted = await deps.store.updateVersion(
        version.version_id,
        { status: 'VERSION_STATUS_STARTING_TRAINING', status_message: null, performance: {} },
        IN_PROGRESS,
      );
      if (!restarted) {
        await deps.claims.release(version.version_id);
        continue;
      }
      await queue(version.model_id, version.version_id);
      taken.push(version.version_id);
    }
    return taken;
  }

  // Touch this node's claims, then look for jobs nobody runs; one round at a time.
  let beating: Promise<void> | null = null;
  const heartbeat = setInterval(() => {
    if (beating || closed) return;
    beating = deps.claims
      .heartbeat([...jobs.keys()])
      .then(() => adoptOrphans())
      .then(() => undefined, (error: unknown) => deps.onError?.(error))
      .finally(() => (beating = null));
  }, CLAIM_HEARTBEAT_MS);
  heartbeat.unref?.();
  await adoptOrphans();

  const runner: TrainingRunner = {
    async start(modelId, versionId) {
      const started = await deps.store.updateVersion(
        versionId,
        { status: 'VERSION_STATUS_STARTING_TRAINING', status_message: null, performance: {} },
        STARTABLE,
      );
      if (!started) return false;
      await deps.claims.claim(versionId, modelId);
      await queue(modelId, versionId);
      return true;
    },
    adoptOrphans,
    async step() {
      for (const job of [...jobs.values()]) await advance(job);
      return jobs.size;
    },
    async runUntilIdle(maxSteps = 20) {
      for (let i = 0; i < maxSteps && jobs.size > 0; i += 1) await runner.step();
    },
    useManualSteps() {
      stageMs = null;
      clearTimers();
    },
    useTimers(ms = DEFAULT_STAGE_MS) {
      stageMs = ms;
      // A job whose stage is running gets its timer when that stage ends.
      for (const job of jobs.values()) if (!stages.has(job)) schedule(job);
    },
    running: () => [...jobs.keys()],
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimers();
      jobs.clear();
      await Promise.allSettled([...stages.values()]);
      await beating;
      // Stopping on purpose: another node need not wait for the claims to go stale.
      await deps.claims.letGoAll().catch(() => undefined);
    },
  };
  return runner;
}
