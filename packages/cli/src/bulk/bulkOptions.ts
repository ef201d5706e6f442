/**
 * What a bulk run is given and what it answers: shared by the engine (runBulk.ts), its validation pass
 * (validateFile.ts) and the commands that start it, so none of them imports another for its types.
 */
import type { ProgressBar } from './progress.js';
import type { CsvReading } from './readRecords.js';
import type { RetryPolicy } from './retry.js';
import type { RowAction } from './types.js';

export interface BulkOptions {
  file: string;
  dryRun: boolean;
  resume: boolean;
  concurrency: number;
  journalPath: string;
  reportPath?: string;
  retry: RetryPolicy;
  /** A plan line for --dry-run (stdout). */
  printPlan(outcome: { line: number; key: string; action: RowAction }): void;
  /** A note for people (stderr): validation errors, failed rows, resume notices. */
  note(text: string): void;
  /** Aborted on Ctrl-C: no new rows start, rows in flight finish and are journaled. */
  signal?: AbortSignal;
  progressStream?: ConstructorParameters<typeof ProgressBar>[1];
  /** CSV cells keep their leading and trailing spaces (the job validates them); default: trimmed. */
  keepSpaces?: boolean;
  /** How to read a CSV file (its dialect and column names), settled before the first pass. */
  csv?: CsvReading;
  /** The header cell a field comes from when it is not the field's own name: row errors name it. */
  columnOf?: ReadonlyMap<string, string>;
  /** A file without rows (empty or only a header) is refused unless this is set. */
  allowEmpty?: boolean;
}

export type StopReason = 'interrupted' | 'unreachable' | 'signed-out';

export interface BulkSummary {
  rows: number;
  invalid: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Done by an earlier run (--resume). */
  doneEarlier: number;
  /** Valid rows never attempted because the job stopped. */
  notAttempted: number;
  stopped?: StopReason;
  seconds: number;
}
