/**
 * The bulk engine's vocabulary. A job (users import today; licences and cloud functions later)
 * supplies how to validate one record and how to carry out one row; the engine does the rest:
 * validate-all-first, plan, bounded concurrency, retries, journal, progress, summary and report.
 */

/** One record of the input file with the line it ends on (CSV, JSON Lines) or its item number (JSON). */
export interface InputRecord {
  line: number;
  fields: Record<string, unknown>;
}

export type RowAction = 'create' | 'update' | 'unchanged';

export type Validation<Row> = { ok: true; row: Row } | { ok: false; errors: string[] };

/** What the engine hands a job for each HTTP call: retries with backoff, aware of ambiguous failures. */
export interface RowCalls {
  /** Retries `call` on 429, 5xx and network failures, honouring Retry-After. Only for calls safe to repeat. */
  safe<T>(call: () => Promise<T>): Promise<T>;
  /**
   * For a call that must not be applied twice (a create): before repeating it after a failure
   * whose effect is unknown (5xx, connection lost, timeout), `check()` asks the server whether it
   * took effect; a non-undefined answer ends the retries with that answer.
   */
  once<T>(call: () => Promise<T>, check: () => Promise<T | undefined>): Promise<T>;
}

export interface BulkJob<Row> {
  /** What the journal and messages call the job, e.g. `users import`. */
  name: string;
  /** Validates one record (the file's own rules and what the actor may do). */
  validate(record: InputRecord): Validation<Row>;
  /** The row's identity (upsert key), e.g. the e-mail; duplicates in one file are an error. */
  keyOf(row: Row): string;
  /** --dry-run: what applying the row would do, against the live server. */
  plan(row: Row, calls: RowCalls): Promise<RowAction>;
  /** Applies the row; must be idempotent (it runs again after a crash whose outcome was not journaled). */
  apply(row: Row, calls: RowCalls): Promise<RowAction>;
  /**
   * After the file validated and before the first write (or plan): `named` tells whether the file has a
   * row with that key. What the job does with the keys the file does not name (prune) is settled here,
   * so a refusal writes nothing.
   */
  prepare?(named: (key: string) => boolean, dryRun: boolean, calls: RowCalls): Promise<void>;
  /** After every row is done (not after a stop or a failed row): what `prepare` settled is carried out. */
  finish?(dryRun: boolean, calls: RowCalls): Promise<void>;
}

/** One line of the report: every row, whatever happened to it. */
export interface RowOutcome {
  line: number;
  key: string;
  action: RowAction | 'none';
  status: 'ok' | 'failed' | 'invalid' | 'planned' | 'done-earlier';
  error?: string;
}
