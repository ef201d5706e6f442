import type { Command } from 'commander';
import { listMappingTables, parameterValueText, patchMappingTable, putTagMapping, type HttpClient } from '@varde/core';
import type { Mapping, MappingParameter, MappingTable } from '@varde/core/contract';
import { addBulkOptions, runBulkCommand, type BulkCommandOptions } from '../bulk/bulkCommand.js';
import type { BulkJob, RowAction, RowCalls } from '../bulk/types.js';
import type { CloudSession } from '../cloud/cloudSession.js';
import { withContext, type CommandContext } from '../context.js';
import { validateMappingRecord, type MappingRow } from './mappingsCsv.js';
import { resolveMapping } from './mappingsShared.js';

export function registerMappingsImportCommand(mappings: Command): void {
  const command = mappings
    .command('import')
    .description('Set the tag mappings and settings of a mapping\'s tables from a CSV file (table, meaning, controller-id, tag, value)')
    .argument('<mapping>', 'mapping title or uuid')
    .argument('<file>', 'CSV as written by varde mappings export (also .json / .jsonl)')
    .option('--dry-run', 'print the plan (update / unchanged per row) against the live cloud; write nothing');
  addBulkOptions(command, 4)
    .addHelpText(
      'after',
      `
Every row is checked before anything is written: the table and the meaning must exist, the
controller-id must be a UUID, no cell may have leading or trailing whitespace, and only a
setting (a parameter meaning) has a value: a number, true or false, or text; empty unsets it.
A file without the value column leaves the settings alone. Any bad row
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

/**
 * One row = one meaning of one table, written only when it differs: a tag mapping by
 * POST /v0/tag-mappings, a setting by PATCHing the table's parameters.
 */
export function mappingsImportJob(session: CloudSession, mapping: Mapping, tables: readonly MappingTable[]): BulkJob<MappingRow> {
  const current = new Map<string, { controllerId: string; tag: string }>();
  const settings = new Map<string, MappingParameter[]>(tables.map((table) => [table.uuid, table.parameters]));
  for (const table of tables) {
    for (const entry of table['tag-mappings']) {
      current.set(`${table.uuid}/${entry['meaning-uuid']}`, { controllerId: entry['controller-id'], tag: entry.tag });
    }
  }
  const settingText = (tableUuid: string, meaningUuid: string) =>
    parameterValueText(settings.get(tableUuid)?.find((entry) => entry['meaning-uuid'] === meaningUuid)?.value ?? null);
  const differs = (row: MappingRow): boolean => {
    if (row.kind === 'parameter') return settingText(row.tableUuid, row.meaningUuid) !== parameterValueText(row.value);
    const now = current.get(`${row.tableUuid}/${row.meaningUuid}`) ?? { controllerId: '', tag: '' };
    return now.controllerId.toLowerCase() !== row.controllerId.toLowerCase() || now.tag !== row.tag;
  };
  const call = <T>(run: (http: HttpClient) => Promise<T>) => session.call('mappings-manager', run);

  // A table's settings are written as one list: rows of the same table go one after another, each
  // sending the list as the previous one left it, so concurrent rows cannot undo each other.
  const queues = new Map<string, Promise<unknown>>();
  function writeSetting(row: MappingRow & { kind: 'parameter' }, calls: RowCalls): Promise<void> {
    const write = async () => {
      const others = (settings.get(row.tableUuid) ?? []).filter((entry) => entry['meaning-uuid'] !== row.meaningUuid);
      const next = row.value === null ? others : [...others, { 'meaning-uuid': row.meaningUuid, value: row.value }];
      await calls.safe(() => call((http) => patchMappingTable(http, mapping.uuid, row.tableUuid, { parameters: next })));
      settings.set(row.tableUuid, next);
    };
    const done = (queues.get(row.tableUuid) ?? Promise.resolve()).catch(() => undefined).then(write);
    queues.set(row.tableUuid, done);
    return done;
  }

  return {
    name: 'mappings import',
    validate: (record) => validateMappingRecord(record, mapping, tables),
    keyOf: (row) => `${row.tableTitle} / ${row.meaningTitle}`,
    async plan(row): Promise<RowAction> {
      return differs(row) ? 'update' : 'unchanged';
    },
    async apply(row, calls): Promise<RowAction> {
      if (!differs(row)) return 'unchanged';
      if (row.kind === 'parameter') {
        await writeSetting(row, calls);
        return 'update';
      }
      const entry = { 'meaning-uuid': row.meaningUuid, 'controller-id': row.controllerId, tag: row.tag };
      await calls.safe(() => call((http) => putTagMapping(http, mapping.uuid, row.tableUuid, entry)));
      return 'update';
    },
  };
}
