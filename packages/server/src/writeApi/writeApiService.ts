import type { Db } from '../storage/db.js';
import { createRunRegistry, type RunRegistry } from './runRegistry.js';
import { createWrittenValues, type WrittenValues } from './writtenValues.js';

/** The write API's state: written values (read back by the historian) and the function runs in progress. */
export interface WriteApiService {
  values: WrittenValues;
  runs: RunRegistry;
}

export function createWriteApiService(db: Db): WriteApiService {
  return { values: createWrittenValues(db), runs: createRunRegistry() };
}
