import { HttpError, NetworkError, TimeoutError } from '@varde/core';
import { resolve } from 'node:path';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { DoneRows, Journal, fileSha256 } from './journal.js';
import { validateFile } from './validateFile.js';
import { ProgressBar } from './progress.js';
import { readRecords } from './readRecords.js';
import { ReportWriter } from './report.js';
import { createRowCalls } from './retry.js';
import type { BulkOptions, BulkSummary, StopReason } from './bulkOptions.js';
import type { BulkJob, RowAction, RowOutcome } from './types.js';

function stopReasonOf(error: unknown): StopReason | undefined {
  if (error instanceof NetworkError || error instanceof TimeoutError) return 'unreachable';
  if (error instanceof CliError && error.exitCode === EXIT.auth) return 'signed-out';
  if (error instanceof HttpError && error.status === 401) return 'signed-out';
  return undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof HttpError) return error.detail ? `${error.status} ${error.detail}` : error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs a bulk job over a file in two streamed passes: first every record is validated (all errors
 * are reported with their line numbers and nothing is written if there is one), then the rows are
 * applied (or planned, with dryRun) with at most `concurrency` in flight, each confirmed row
 * journaled so that a resumed run skips it.
 */
export async function runBulk<Row>(job: BulkJob<Row>, options: BulkOptions): Promise<BulkSummary> {
  const started = Date.now();
  const summary: BulkSummary = {
    rows: 0, invalid: 0, created: 0, updated: 0, unchanged: 0, failed: 0, doneEarlier: 0, notAttempted: 0, seconds: 0,
  };
  const report = options.reportPath ? new ReportWriter(options.reportPath) : undefined;
  try {
    // Pass 1: validate everything before any write. It keeps only counts and key hashes, so memory
    // stays flat; when something is wrong it reads the file once more to report every error in line order.
    const { valid, keys } = await validateFile(job, options, summary, report);
    if (!valid) return summary;
    if (summary.rows === 0 && !options.allowEmpty) {
      throw usageError(`${options.file} has no rows (empty, or only a header): nothing was written. --allow-empty accepts such a file.`);
    }
    const calls = createRowCalls(options.retry);
    await job.prepare?.((key) => keys.has(key.toLowerCase()), options.dryRun, calls);

    // Pass 2: apply (or plan) with bounded concurrency.
    let journal: Journal | undefined;
    let done = new DoneRows();
    if (!options.dryRun) {
      const header = { v: 1 as const, job: job.name, file: resolve(options.file), sha256: await fileSha256(options.file) };
      if (options.resume) ({ journal, done } = Journal.resume(options.journalPath, header));
      else journal = Journal.create(options.journalPath, header);
      if (options.resume) options.note(`Resuming: ${done.count} of ${summary.rows} rows were done before.`);
    }

    const progress = new ProgressBar(options.dryRun ? 'Planning' : job.name, options.progressStream);
    let stopped: StopReason | undefined;
    let finished = 0;

    const runRow = async (line: number, row: Row): Promise<void> => {
      const key = job.keyOf(row);
      try {
        const action = options.dryRun ? await job.plan(row, calls) : await job.apply(row, calls);
        if (options.dryRun) options.printPlan({ line, key, action });
        else journal?.record({ line, key, action });
        if (action === 'create') summary.created += 1;
        else if (action === 'update') summary.updated += 1;
        else summary.unchanged += 1;
        report?.write({ line, key, action, status: options.dryRun ? 'planned' : 'ok' });
      } catch (error) {
        summary.failed += 1;
        const reason = stopReasonOf(error);
        if (reason && !stopped) stopped = reason;
        options.note(`line ${line}: ${key}: ${messageOf(error)}`);
        report?.write({ line, key, action: 'none', status: 'failed', error: messageOf(error) });
      } finally {
        finished += 1;
        progress.update({ done: finished, total: summary.rows, failed: summary.failed });
      }
    };

    // `concurrency` workers pull rows from one reader: at most that many rows exist at once, and
    // nothing is kept per row once it is journaled.
    const records = readRecords(options.file, undefined, {
      keepSpaces: options.keepSpaces === true,
      ...(options.csv ? { csv: options.csv } : {}),
    })[Symbol.asyncIterator]();
    const worker = async (): Promise<void> => {
      for (let next = await records.next(); !next.done; next = await records.next()) {
        const record = next.value;
        const result = job.validate(record);
        if (!result.ok) continue; // cannot happen: the file was validated (and hashed) above
        const earlier = done.actionOf(record.line);
        if (earlier) {
          summary.doneEarlier += 1;
          finished += 1;
          report?.write({ line: record.line, key: job.keyOf(result.row), action: earlier, status: 'done-earlier' });
          continue;
        }
        if (options.signal?.aborted) stopped ??= 'interrupted';
        if (stopped) {
          summary.notAttempted += 1;
          continue;
        }
        await runRow(record.line, result.row);
      }
    };
    try {
      await Promise.all(Array.from({ length: options.concurrency }, worker));
    } finally {
      await records.return?.(undefined);
    }
    progress.update({ done: finished, total: summary.rows, failed: summary.failed }, true);
    progress.finish();

    if (stopped) summary.stopped = stopped;
    const complete = !stopped && summary.failed === 0;
    // What the file no longer names is pruned only after every row is in: a stopped run prunes nothing.
    if (complete) await job.finish?.(options.dryRun, calls);
    if (journal && complete) journal.remove();
    else journal?.close();
    return summary;
  } finally {
    report?.close();
    summary.seconds = (Date.now() - started) / 1000;
  }
}
