import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { listMappingTables, putTagMapping, type HttpClient } from '@varde/core';
import type { Mapping, MappingTable } from '@varde/core/contract';
import { runBulk, type BulkSummary } from '../bulk/runBulk.js';
import { DEFAULT_RETRY_POLICY } from '../bulk/retry.js';
import type { BulkJob, RowAction } from '../bulk/types.js';
import type { CloudSession } from '../cloud/cloudSession.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { withContext, type CommandContext } from '../context.js';
import { validateMappingRecord, type MappingRow } from './mappingsCsv.js';
import { resolveMapping } from './mappingsShared.js';

interface ImportOptions {
  dryRun?: boolean;
  resume?: boolean;
  concurrency: string;
  retries: string;
  journal?: string;
  report?: string;
}

export function registerMappingsImportCommand(mappings: Command): void {
  mappings
    .command('import')
    .description('Set the tag mappings of a mapping\'s tables from a CSV file (table, meaning, controller-id, tag)')
    .argument('<mapping>', 'mapping title or uuid')
    .argument('<file>', 'CSV as written by varde mappings export (also .json / .jsonl)')
    .option('--dry-run', 'print the plan (update / unchanged per row) against the live cloud; write nothing')
    .option('--resume', 'continue an interrupted import from its journal')
    .option('--concurrency <n>', 'requests in flight at once', '4')
    .option('--retries <n>', 'retries per request on 429, 5xx and lost connections', String(DEFAULT_RETRY_POLICY.retries))
    .option('--journal <file>', 'journal for --resume (default: FILE.varde-journal)')
    .option('--report <file>', 'write one line per row (line, key, action, status, error); .json or .csv')
    .addHelpText(
      'after',
      `
Every row is checked before anything is written: the table and the meaning must exist, the
controller-id must be a UUID, and no cell may have leading or trailing whitespace. Any bad row
is printed with its line number and nothing is written (exit 2). Only rows that differ from
the cloud are written, so importing an unchanged export writes nothing.`,
    )
    .action(withContext<[string, string, ImportOptions]>(runImport));
}

function wholeNumber(value: string, flag: string, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > max) throw usageError(`${flag} must be a whole number from 0 to ${max}.`);
  return number;
}

async function runImport(context: CommandContext, mappingRef: string, file: string, options: ImportOptions): Promise<void> {
  const concurrency = Math.max(1, wholeNumber(options.concurrency, '--concurrency', 64));
  const retries = wholeNumber(options.retries, '--retries', 20);
  if (!existsSync(file)) throw usageError(`No such file: ${file}`);
  if (options.dryRun && options.resume) throw usageError('--dry-run and --resume do not go together.');
  if (!context.session.signedIn) throw new CliError('Not signed in. Run: varde login', EXIT.auth);

  const mapping = await resolveMapping(context, mappingRef);
  const tables = await context.session.call('mappings-manager', (http) => listMappingTables(http, mapping.uuid));
  const summary = await runBulk(mappingsImportJob(context.session, mapping, tables), {
    file,
    dryRun: options.dryRun === true,
    resume: options.resume === true,
    concurrency,
    journalPath: options.journal ?? `${file}.varde-journal`,
    ...(options.report ? { reportPath: options.report } : {}),
    retry: { ...DEFAULT_RETRY_POLICY, retries },
    keepSpaces: true,
    printPlan: ({ line, key, action }) => process.stdout.write(`${action}\t${line}\t${key}\n`),
    note: (text) => process.stderr.write(`${text}\n`),
  });
  finish(context, summary, file, options);
}

function finish(context: CommandContext, summary: BulkSummary, file: string, options: ImportOptions): void {
  if (context.output.json) context.output.printJson(summary);
  if (summary.invalid > 0) {
    throw new CliError(`${summary.invalid} invalid row${summary.invalid === 1 ? '' : 's'} in ${file}; nothing was written.`, EXIT.usage);
  }
  const line = options.dryRun
    ? `Plan: ${summary.updated + summary.created} to write, ${summary.unchanged} unchanged.`
    : `Done: ${summary.updated + summary.created} written, ${summary.unchanged} unchanged, ${summary.failed} failed (${summary.rows} rows).`;
  if (!context.output.json) process.stderr.write(`${line}\n`);
  if (summary.stopped === 'signed-out') throw new CliError('Session expired. Run: varde login, then import again with --resume', EXIT.auth);
  if (summary.stopped || summary.failed > 0) {
    throw new CliError(`${summary.failed} rows failed or not started. Run again with --resume to finish.`, EXIT.rowsFailed);
  }
}

/** One row = one meaning of one table; written (POST /v0/tag-mappings) only when it differs. */
export function mappingsImportJob(session: CloudSession, mapping: Mapping, tables: readonly MappingTable[]): BulkJob<MappingRow> {
  const current = new Map<string, { controllerId: string; tag: string }>();
  for (const table of tables) {
    for (const entry of table['tag-mappings']) {
      current.set(`${table.uuid}/${entry['meaning-uuid']}`, { controllerId: entry['controller-id'], tag: entry.tag });
    }
  }
  const differs = (row: MappingRow): boolean => {
    const now = current.get(`${row.tableUuid}/${row.meaningUuid}`) ?? { controllerId: '', tag: '' };
    return now.controllerId.toLowerCase() !== row.controllerId.toLowerCase() || now.tag !== row.tag;
  };
  const call = <T>(run: (http: HttpClient) => Promise<T>) => session.call('mappings-manager', run);

  return {
    name: 'mappings import',
    validate: (record) => validateMappingRecord(record, mapping, tables),
    keyOf: (row) => `${row.tableTitle} / ${row.meaningTitle}`,
    async plan(row): Promise<RowAction> {
      return differs(row) ? 'update' : 'unchanged';
    },
    async apply(row, calls): Promise<RowAction> {
      if (!differs(row)) return 'unchanged';
      const entry = { 'meaning-uuid': row.meaningUuid, 'controller-id': row.controllerId, tag: row.tag };
      await calls.safe(() => call((http) => putTagMapping(http, mapping.uuid, row.tableUuid, entry)));
      return 'update';
    },
  };
}
