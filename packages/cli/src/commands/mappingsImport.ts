import type { Command } from 'commander';
import { listMappingTables, putTagMapping, type HttpClient } from '@varde/core';
import type { Mapping, MappingTable } from '@varde/core/contract';
import { addBulkOptions, runBulkCommand, type BulkCommandOptions } from '../bulk/bulkCommand.js';
import type { BulkJob, RowAction } from '../bulk/types.js';
import type { CloudSession } from '../cloud/cloudSession.js';
import { withContext, type CommandContext } from '../context.js';
import { validateMappingRecord, type MappingRow } from './mappingsCsv.js';
import { resolveMapping } from './mappingsShared.js';

export function registerMappingsImportCommand(mappings: Command): void {
  const command = mappings
    .command('import')
    .description('Set the tag mappings of a mapping\'s tables from a CSV file (table, meaning, controller-id, tag)')
    .argument('<mapping>', 'mapping title or uuid')
    .argument('<file>', 'CSV as written by varde mappings export (also .json / .jsonl)')
    .option('--dry-run', 'print the plan (update / unchanged per row) against the live cloud; write nothing');
  addBulkOptions(command, 4)
    .addHelpText(
      'after',
      `
Every row is checked before anything is written: the table and the meaning must exist, the
controller-id must be a UUID, and no cell may have leading or trailing whitespace. Any bad row
is printed with its line number and nothing is written (exit 2). Only rows that differ from
the cloud are written, so importing an unchanged export writes nothing.`,
    )
    .action(withContext<[string, string, BulkCommandOptions]>(runImport));
}

async function runImport(context: CommandContext, mappingRef: string, file: string, options: BulkCommandOptions): Promise<void> {
  await runBulkCommand({
    context,
    file,
    options,
    service: 'mappings-manager',
    maxConcurrency: 64,
    commandLine: `varde mappings import ${/\s/.test(mappingRef) ? JSON.stringify(mappingRef) : mappingRef} ${file}`,
    keepSpaces: true,
    async job(session) {
      const mapping = await resolveMapping(context, mappingRef);
      const tables = await session.call('mappings-manager', (http) => listMappingTables(http, mapping.uuid));
      return mappingsImportJob(session, mapping, tables);
    },
    describe: (summary, dryRun) =>
      dryRun
        ? `Plan: ${summary.updated + summary.created} to write, ${summary.unchanged} unchanged.`
        : `Done: ${summary.updated + summary.created} written, ${summary.unchanged} unchanged, ${summary.failed} failed (${summary.rows} rows).`,
  });
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
