import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import type { ServiceName } from '@varde/core/contract';
import { CloudSession } from '../cloud/cloudSession.js';
import { createFetch } from '../cloud/proxyFetch.js';
import { serviceBaseUrl } from '../config/settings.js';
import type { CommandContext } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { createPoolFetch } from './poolFetch.js';
import { DEFAULT_RETRY_POLICY } from './retry.js';
import type { BulkSummary } from './bulkOptions.js';
import { runBulk } from './runBulk.js';
import type { BulkJob } from './types.js';

/** The flags every bulk import takes (commander fills them). */
export interface BulkCommandOptions {
  dryRun?: boolean;
  resume?: boolean;
  concurrency: string;
  retries: string;
  journal?: string;
  report?: string;
}

/**
 * Adds the flags every bulk import shares after its own --dry-run (whose plan each command words
 * itself), so that they read and behave alike in every command.
 */
export function addBulkOptions(command: Command, defaultConcurrency: number): Command {
  return command
    .option('--resume', 'continue an interrupted import from its journal')
    .option('--concurrency <n>', 'requests in flight at once', String(defaultConcurrency))
    .option('--retries <n>', 'retries per request on 429, 5xx and lost connections', String(DEFAULT_RETRY_POLICY.retries))
    .option('--journal <file>', 'journal for --resume (default: FILE.varde-journal)')
    .option('--report <file>', 'write one line per row (line, key, action, status, error); .json or .csv');
}

export interface BulkCommandRun<Row> {
  context: CommandContext;
  file: string;
  options: BulkCommandOptions;
  /** The service the rows are written to: one kept-alive connection pool is opened for it. */
  service: ServiceName;
  maxConcurrency: number;
  /** The command to run again with --resume, e.g. `varde users import people.csv`. */
  commandLine: string;
  /** Reads what the job needs from the cloud (with the pooled session) and builds it. */
  job(session: CloudSession): Promise<BulkJob<Row>>;
  /** The closing line: the plan (dry run) or what was done. */
  describe(summary: BulkSummary, dryRun: boolean): string;
  keepSpaces?: boolean;
}

function wholeNumber(value: string, flag: string, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > max) throw usageError(`${flag} must be a whole number from 0 to ${max}.`);
  return number;
}

/**
 * Runs a bulk import the same way in every command: flags checked before anything is read, a pool of
 * kept-alive connections sized to the concurrency (unless a proxy is configured), Ctrl-C finishes the
 * rows in flight (twice quits at once), the summary line, and the exit code the summary calls for.
 */
export async function runBulkCommand<Row>(run: BulkCommandRun<Row>): Promise<void> {
  const { context, file, options } = run;
  const concurrency = Math.max(1, wholeNumber(options.concurrency, '--concurrency', run.maxConcurrency));
  const retries = wholeNumber(options.retries, '--retries', 20);
  if (!existsSync(file)) throw usageError(`No such file: ${file}`);
  if (options.dryRun && options.resume) throw usageError('--dry-run and --resume do not go together.');
  if (!context.session.signedIn) throw new CliError('Not signed in. Run: varde login', EXIT.auth);

  const origin = new URL(serviceBaseUrl(context.settings.cloud, run.service)).origin;
  const proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => (process.env[name] ?? '') !== '');
  const pool = proxied ? undefined : await createPoolFetch(origin, concurrency, createFetch());
  const session = pool ? new CloudSession(context.settings, pool.fetch) : context.session;

  const interrupt = new AbortController();
  const onSigint = () => {
    if (interrupt.signal.aborted) process.exit(EXIT.interrupted);
    process.stderr.write('\nInterrupted: finishing the rows in flight (Ctrl-C again to quit at once)...\n');
    interrupt.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    const summary = await runBulk(await run.job(session), {
      file,
      dryRun: options.dryRun === true,
      resume: options.resume === true,
      concurrency,
      journalPath: options.journal ?? `${file}.varde-journal`,
      ...(options.report ? { reportPath: options.report } : {}),
      retry: { ...DEFAULT_RETRY_POLICY, retries },
      ...(run.keepSpaces ? { keepSpaces: true } : {}),
      printPlan: ({ line, key, action }) => process.stdout.write(`${action}\t${line}\t${key}\n`),
      note: (text) => process.stderr.write(`${text}\n`),
      signal: interrupt.signal,
    });
    finishBulk(run, summary);
  } finally {
    process.off('SIGINT', onSigint);
    await pool?.close();
  }
}

function finishBulk<Row>(run: BulkCommandRun<Row>, summary: BulkSummary): void {
  const { context, file } = run;
  if (context.output.json) context.output.printJson(summary);
  if (summary.invalid > 0) {
    throw new CliError(`${summary.invalid} invalid row${summary.invalid === 1 ? '' : 's'} in ${file}; nothing was written.`, EXIT.usage);
  }
  if (!context.output.json) process.stderr.write(`${run.describe(summary, run.options.dryRun === true)}\n`);
  const resume = `Run again with --resume to finish: ${run.commandLine} --resume`;
  if (summary.stopped === 'signed-out') throw new CliError(`Session expired. Run: varde login, then ${run.commandLine} --resume`, EXIT.auth);
  if (summary.stopped === 'interrupted') throw new CliError(`Interrupted; ${summary.notAttempted} rows not started. ${resume}`, EXIT.interrupted);
  if (summary.stopped === 'unreachable') {
    throw new CliError(`Stopped: the cloud cannot be reached; ${summary.notAttempted} rows not started. ${resume}`, EXIT.rowsFailed);
  }
  if (summary.failed > 0) throw new CliError(`${summary.failed} rows failed. ${resume}`, EXIT.rowsFailed);
}

/** ", N done earlier" when a resumed run found rows an earlier run finished. */
export function doneEarlierNote(summary: BulkSummary): string {
  return summary.doneEarlier ? `, ${summary.doneEarlier} done earlier` : '';
}
