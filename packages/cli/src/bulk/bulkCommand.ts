import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import type { ServiceName } from '@varde/core/contract';
import { CloudSession } from '../cloud/cloudSession.js';
import { createFetch } from '../cloud/proxyFetch.js';
import { serviceBaseUrl } from '../config/settings.js';
import type { CommandContext } from '../context.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { planColumns, parseMapOption, readMapFile, type ColumnSpec } from './columnMapping.js';
import { describeDialect, detectDialect } from './csvDialect.js';
import { createPoolFetch } from './poolFetch.js';
import { formatOf, type CsvReading } from './readRecords.js';
import { createRowCalls, DEFAULT_RETRY_POLICY } from './retry.js';
import type { BulkSummary } from './bulkOptions.js';
import { runBulk } from './runBulk.js';
import type { BulkJob, RowCalls } from './types.js';

/** The flags every bulk import takes (commander fills them). */
export interface BulkCommandOptions {
  dryRun?: boolean;
  resume?: boolean;
  concurrency: string;
  retries: string;
  journal?: string;
  report?: string;
  delimiter?: string;
  encoding?: string;
  map?: string;
  mapFile?: string;
  format?: string;
  allowEmpty?: boolean;
}

/**
 * The flags of an import whose file people write with their own tools (CSV as Excel and HR systems
 * write it): separator and encoding (found by themselves otherwise), column mapping, empty files.
 */
export function addFileOptions(command: Command, options: { formats?: string[] } = {}): Command {
  command
    .option('--delimiter <char>', 'CSV separator: , ; tab | (default: found from the header)')
    .option('--encoding <name>', 'utf-8 or windows-1252 (default: UTF-8, with or without BOM; Windows-1252 when the bytes are not UTF-8)')
    .option('--map <pairs>', 'column mapping, e.g. "email=User name [userPrincipalName] Required,name=Name"')
    .option('--map-file <file>', 'the mapping from a file: one field=Column a line, or a JSON object');
  if (options.formats) command.option('--format <name>', `a built-in column mapping: ${options.formats.join(', ')}`);
  return command.option('--allow-empty', 'accept a file without rows (an empty or header-only file is an error otherwise)');
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
  /**
   * Reads what the job needs from the cloud (with the pooled session) and builds it; `calls` retries
   * those reads as the rows' are (a token's rate limit answers 429 with Retry-After).
   */
  job(session: CloudSession, calls: RowCalls): Promise<BulkJob<Row>>;
  /** The closing line: the plan (dry run) or what was done. */
  describe(summary: BulkSummary, dryRun: boolean): string;
  keepSpaces?: boolean;
  /** The columns the job reads: a CSV header is checked against them before anything is read. */
  columns?: ColumnSpec;
  /** More of the --json document (what the job did beside the rows: pruned users). */
  json?(dryRun: boolean): Record<string, unknown>;
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
  const input = await settleInput(run);

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
    const retry = { ...DEFAULT_RETRY_POLICY, retries };
    const summary = await runBulk(await run.job(session, createRowCalls(retry)), {
      file,
      dryRun: options.dryRun === true,
      resume: options.resume === true,
      concurrency,
      journalPath: options.journal ?? `${file}.varde-journal`,
      ...(options.report ? { reportPath: options.report } : {}),
      retry,
      ...(run.keepSpaces ? { keepSpaces: true } : {}),
      ...(input ? { csv: input.reading, columnOf: input.columnOf } : {}),
      ...(options.allowEmpty ? { allowEmpty: true } : {}),
      // Under --json stdout holds one JSON document and nothing else: the plan goes into --report.
      printPlan: ({ line, key, action }) => {
        if (!context.output.json) process.stdout.write(`${action}\t${line}\t${key}\n`);
      },
      note: (text) => process.stderr.write(`${text}\n`),
      signal: interrupt.signal,
    });
    finishBulk(run, summary, input?.description);
  } finally {
    process.off('SIGINT', onSigint);
    await pool?.close();
  }
}

/**
 * A CSV file's dialect and columns, found (or taken from the flags) and printed before anything is read.
 * A file without a header, or without a column the job needs, is refused here (exit 2).
 */
async function settleInput<Row>(run: BulkCommandRun<Row>): Promise<{ reading: CsvReading; columnOf: Map<string, string>; description: string } | undefined> {
  const { file, options } = run;
  const csvOnly = ['delimiter', 'encoding', 'map', 'mapFile', 'format'] as const;
  if (formatOf(file) !== 'csv') {
    const given = csvOnly.find((flag) => options[flag] !== undefined);
    if (given) throw usageError(`--${given === 'mapFile' ? 'map-file' : given} is for CSV files; ${file} is read as JSON.`);
    return undefined;
  }
  const dialect = await detectDialect(file, {
    ...(options.encoding !== undefined ? { encoding: options.encoding } : {}),
    ...(options.delimiter !== undefined ? { delimiter: options.delimiter } : {}),
  });
  const description = describeDialect(dialect);
  process.stderr.write(`Reading ${file}: ${description}.\n`);
  if (dialect.header.length === 0) {
    if (options.allowEmpty) return { reading: { dialect, names: [] }, columnOf: new Map(), description };
    throw usageError(`${file} is empty (no header, no rows): nothing was written. --allow-empty accepts an empty file.`);
  }
  const map = [...(options.mapFile ? readMapFile(options.mapFile) : []), ...(options.map ? parseMapOption(options.map) : [])];
  const plan = planColumns(dialect.header, run.columns ?? { required: [] }, {
    ...(map.length > 0 ? { map } : {}),
    ...(options.format !== undefined ? { format: options.format } : {}),
  });
  // With --allow-empty a file without rows may lack columns too; a row in it still fails validation.
  if (plan.missing.length > 0 && !options.allowEmpty) {
    throw usageError(
      `${file} line ${dialect.headerLine}: no column for ${plan.missing.join(', ')} (its columns: ${dialect.header.join(', ')}); ` +
        'name one with --map field=Column. Nothing was written.',
    );
  }
  if (plan.unused.length > 0) process.stderr.write(`Warning: ${file}: columns not used: ${plan.unused.map((name) => `"${name}"`).join(', ')}.\n`);
  return { reading: { dialect, names: plan.names }, columnOf: plan.columnOf, description };
}

/** The --json document: a dry run's counts say what would happen (`wouldCreate`), a run's what did. */
function summaryJson(summary: BulkSummary, dryRun: boolean): Record<string, unknown> {
  if (!dryRun) return { dryRun: false, ...summary };
  const { created, updated, unchanged, failed, rows, invalid, seconds } = summary;
  return { dryRun: true, rows, invalid, wouldCreate: created, wouldUpdate: updated, unchanged, failed, seconds };
}

function finishBulk<Row>(run: BulkCommandRun<Row>, summary: BulkSummary, input: string | undefined): void {
  const { context, file } = run;
  const dryRun = run.options.dryRun === true;
  if (context.output.json) {
    context.output.printJson({ ...summaryJson(summary, dryRun), ...(input ? { input } : {}), ...(run.json?.(dryRun) ?? {}) });
  }
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
