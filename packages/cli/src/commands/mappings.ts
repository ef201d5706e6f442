import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { listMappings, listMappingTables } from '@varde/core';
import { tagMeanings } from '@varde/core/contract';
import { withContext } from '../context.js';
import { mappingCsv } from './mappingsCsv.js';
import { registerMappingFieldsCommands } from './mappingsFields.js';
import { registerMappingsImportCommand } from './mappingsImport.js';
import { resolveMapping } from './mappingsShared.js';

/** `varde mappings list|tables|export|import|export-fields|import-fields` (cloud apps). */
export function registerMappingsCommand(program: Command): void {
  const mappings = program.command('mappings').description('Cloud apps: list mappings and tables, export and import tag mappings and settings as CSV, and a mapping\'s fields as JSON');

  mappings
    .command('list')
    .description('List the mappings: title, meanings, uuid')
    .action(withContext(async (context) => {
      const list = await context.session.call('mappings-manager', (http) => listMappings(http));
      context.output.list(list, [
        { header: 'Title', value: (m) => m.title, full: true },
        { header: 'Meanings', value: (m) => m.meanings.map((meaning) => meaning.title).join('; ') },
        { header: 'Uuid', value: (m) => m.uuid, full: true },
      ], { empty: 'No mappings.' });
    }));

  mappings
    .command('tables')
    .description('List the mapping tables of a mapping: title, active, mapped meanings, uuid')
    .argument('<mapping>', 'mapping title or uuid')
    .action(withContext<[string]>(async (context, reference) => {
      const mapping = await resolveMapping(context, reference);
      const tables = await context.session.call('mappings-manager', (http) => listMappingTables(http, mapping.uuid));
      context.output.list(tables, [
        { header: 'Title', value: (t) => t.title, full: true },
        { header: 'Active', value: (t) => (t.active ? 'yes' : 'no') },
        { header: 'Mapped', value: (t) => `${t['tag-mappings'].filter((e) => e['controller-id'] !== '').length}/${tagMeanings(mapping).length}` },
        { header: 'Uuid', value: (t) => t.uuid, full: true },
      ], { empty: 'No mapping tables.' });
    }));

  mappings
    .command('export')
    .description('Write a mapping\'s tag mappings and table settings as CSV (table, meaning, controller-id, tag, value), to FILE or stdout')
    .argument('<mapping>', 'mapping title or uuid')
    .argument('[file]', 'CSV file (default: stdout)')
    .action(withContext<[string, string | undefined]>(async (context, reference, file) => {
      const mapping = await resolveMapping(context, reference);
      const tables = await context.session.call('mappings-manager', (http) => listMappingTables(http, mapping.uuid));
      const csv = mappingCsv(mapping, tables);
      if (file) {
        await writeFile(file, csv);
        context.output.message(`Wrote ${tables.length} tables x ${mapping.meanings.length} meanings to ${file}`);
      } else process.stdout.write(csv);
    }));

  registerMappingsImportCommand(mappings);
  registerMappingFieldsCommands(mappings);
}
