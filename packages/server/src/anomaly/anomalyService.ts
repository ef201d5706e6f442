import type { Clock } from '../clock.js';
import type { Historian } from '../historian/historianStore.js';
import type { Db } from '../storage/db.js';
import { createModelStore, type ModelStore } from './modelStore.js';
import { createTrainingRunner, type TrainingRunner } from './trainingRunner.js';
import { createTrainingClaims } from './trainingClaims.js';

/** The anomaly service's state: models in the database and the training job runner (tests step it). */
export interface AnomalyService {
  store: ModelStore;
  training: TrainingRunner;
}

/** Also takes over training that no live node runs (see trainingRunner.ts). */
export async function createAnomalyService(deps: {
  db: Db;
  clock: Clock;
  /** This node's id: its training claims carry it. */
  nodeId: string;
  historian: Historian;
  onError?: (error: unknown) => void;
}): Promise<AnomalyService> {
  const store = createModelStore(deps.db, deps.clock);
  const claims = createTrainingClaims(deps.db, deps.clock, deps.nodeId);
  const training = await createTrainingRunner({ store, historian: deps.historian, clock: deps.clock, claims, ...(deps.onError ? { onError: deps.onError } : {}) });
  return { store, training };
}
