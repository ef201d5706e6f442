import type { Clock } from '../clock.js';
import type { Historian } from '../historian/historianStore.js';
import type { Db } from '../storage/db.js';
import { createModelStore, type ModelStore } from './modelStore.js';
import { createTrainingRunner, type TrainingRunner } from './trainingRunner.js';

/** The anomaly service's state: models in the database and the training job runner (tests step it). */
export interface AnomalyService {
  store: ModelStore;
  training: TrainingRunner;
}

/** Also marks training that a previous run of the cloud left half way as failed (see trainingRunner.ts). */
export async function createAnomalyService(deps: {
  db: Db;
  clock: Clock;
  historian: Historian;
  onError?: (error: unknown) => void;
}): Promise<AnomalyService> {
  const store = createModelStore(deps.db, deps.clock);
  const training = await createTrainingRunner({ store, historian: deps.historian, clock: deps.clock, ...(deps.onError ? { onError: deps.onError } : {}) });
  return { store, training };
}
