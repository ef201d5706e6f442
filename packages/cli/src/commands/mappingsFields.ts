import { readFile, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { updateMapping } from '@varde/core';
import { mappingFields, mappingWrite, type MappingFields } from '@varde/core/contract';
import { withContext } from '../context.js';
import { usageError } from '../errors.js';
import { resolveMapping } from './mappingsShared.js';

/**
 * `varde mappings export-fields|import-fields`: a mapping's own fields (title, description, cause,
 * consequence, level, ratings, cypher_query) as a JSON file, so they round-trip like the tables' CSV.
 */
export function registerMappingFieldsCommands(mappings: Command): void {
  mappings
    .command('export-fields')
    .description('Write a mapping\'s fields (title, description, cause, consequence, level, ratings, cypher_query) as JSON, to FILE or stdout')
    .argument('<mapping>', 'mapping title or uuid')
    .argument('[file]', 'JSON file (default: stdout)')
    .action(withContext<[string, string | undefined]>(async (context, reference, file) => {
      const text = `${JSON.stringify(mappingFields(await resolveMapping(context, reference)), null, 2)}\n`;
      if (!file) return void process.stdout.write(text);
      await writeFile(file, text);
      context.output.message(`Wrote the fields of ${reference} to ${file}`);
    }));

  mappings
    .command('import-fields')
    .description('Set a mapping\'s fields from a JSON file as written by export-fields')
    .argument('<mapping>', 'mapping title or uuid')
    .argument('<file>', 'JSON file')
    .option('--dry-run', 'print which fields would change; write nothing')
    .addHelpText('after', `
The whole file is checked first: every field must be present (cause and consequence are
{"language": "text"} objects, ratings whole numbers 0-5, cypher_query a text or null).
Every problem is printed with its field and nothing is written (exit 2). An unchanged
file writes nothing. The meanings are not part of the file: tables and functions refer to them.`)
    .action(withContext<[string, string, { dryRun?: boolean }]>(async (context, reference, file, options) => {
      const fields = parseFieldsFile(file, await readFile(file, 'utf8'));
      const mapping = await resolveMapping(context, reference);
      const changed = changedFields(mappingFields(mapping), fields);
      if (changed.length === 0) return context.output.message(`Unchanged: nothing written to ${mapping.title}.`);
      if (options.dryRun) return context.output.message(`Plan: ${changed.join(', ')} would change in ${mapping.title}.`);
      await context.session.call('mappings-manager', (http) => updateMapping(http, mapping.uuid, fields));
      context.output.message(`Updated ${changed.join(', ')} of ${mapping.title}.`);
    }));
}

/** The file's fields, or a usage error listing every problem (JSON syntax, or each field the contract refuses). */
export function parseFieldsFile(file: string, text: string): MappingFields {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw usageError(`${file}: not JSON (${(error as Error).message}); nothing was written`);
  }
  const parsed = mappingWrite.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`);
  throw usageError(`${file}: ${problems.length} invalid field${problems.length === 1 ? '' : 's'}; nothing was written\n${problems.join('\n')}`);
}

function changedFields(stored: MappingFields, next: MappingFields): string[] {
  return (Object.keys(next) as (keyof MappingFields)[]).filter((key) => JSON.stringify(stored[key]) !== JSON.stringify(next[key]));
}
