import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import {
  csv2edges,
  diffEdges,
  HttpError,
  loadEdges,
  overwriteBuildingEdges,
  saveEdges,
  singleBuildingOf,
  type HttpClient,
} from '@varde/core';
import { EDGE_CSV_COLUMNS, csvLineErrors, type GraphEdge } from '@varde/core/contract';
import { csvLine } from '../bulk/csvText.js';
import { CliError, usageError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import { withContext, type CommandContext } from '../context.js';

/** The Import tab's texts (core-shell §5, §8), as the portal shows them. */
const NO_DATA = 'No data set to save';
const SPANS_BUILDINGS = 'Data set spans more than one building - aborting.';
const UNREACHABLE = 'Unable to reach backend service';

interface ImportOptions {
  building: string;
  overwrite?: boolean;
  dryRun?: boolean;
}

/** `varde bim import|export`: BIM connections (model object <-> controller tag) as CSV. */
export function registerBimCommand(program: Command): void {
  const bim = program.command('bim').description('BIM connections: import and export a building\'s connections as CSV');

  bim
    .command('import')
    .description('Add (or with --overwrite, replace) a building\'s connections from a CSV file')
    .argument('<file>', `CSV with a header: ${EDGE_CSV_COLUMNS.join(',')} (, or ;)`)
    .requiredOption('--building <name>', 'the building every row must belong to')
    .option('--overwrite', 'replace all of the building\'s connections with the file\'s (the Import tab\'s "overwrite all")')
    .option('--dry-run', 'print what would change; write nothing')
    .addHelpText(
      'after',
      `
The file goes through the same conversion and checks as the portal's Import tab: every bad line
is printed with its number and nothing is written (exit 2); the rows must belong to exactly one
building, the one given. Only what differs is written, so importing an unchanged export
(varde bim export, then varde bim import --overwrite) writes nothing.`,
    )
    .action(withContext<[string, ImportOptions]>(runImport));

  bim
    .command('export')
    .description('Write a building\'s connections as CSV, to FILE or stdout')
    .argument('[file]', 'CSV file (default: stdout)')
    .requiredOption('--building <name>', 'the building')
    .action(withContext<[string | undefined, { building: string }]>(async (context, file, options) => {
      const edges = await context.session.call('graph', (http) => loadEdges(http, { building: options.building }));
      const csv = edgesCsv(edges);
      if (file) {
        await writeFile(file, csv);
        context.output.message(`Wrote ${edges.length} connection${edges.length === 1 ? '' : 's'} of ${options.building} to ${file}`);
      } else process.stdout.write(csv);
    }));
}

/** The CSV that import reads back: one row per connection, columns as EDGE_CSV_COLUMNS. */
export function edgesCsv(edges: readonly GraphEdge[]): string {
  let csv = csvLine(EDGE_CSV_COLUMNS);
  for (const edge of edges) {
    const bim = edge.from_node.obj.type === 'bim' ? edge.from_node.obj : null;
    const tag = edge.to_node.obj.type === 'tag' ? edge.to_node.obj : null;
    if (!bim || !tag) continue;
    csv += csvLine([bim['BIM GUID'], bim['BIM Navn'], bim['BIM beskrivelse'], tag.controllerId, tag.building, tag.tag, tag.description, tag.substation]);
  }
  return csv;
}

/** csv2edges, with every bad line printed (stderr) and a usage exit: nothing was written. */
async function convert(context: CommandContext, file: string, text: string): Promise<GraphEdge[]> {
  try {
    return await context.session.call('csv2edges', (http: HttpClient) => csv2edges(http, text));
  } catch (error) {
    if (!(error instanceof HttpError)) throw new CliError(`${UNREACHABLE}: ${(error as Error).message}`, EXIT.unavailable);
    const lines = csvLineErrors.safeParse((error.body as { errors?: unknown } | undefined)?.errors);
    if (error.status !== 400 || !lines.success) throw error;
    for (const line of lines.data) process.stderr.write(`${file}:${line.line}: ${line.message}\n`);
    throw new CliError(`${lines.data.length} bad line${lines.data.length === 1 ? '' : 's'} in ${file}; nothing was written.`, EXIT.usage);
  }
}

async function runImport(context: CommandContext, file: string, options: ImportOptions): Promise<void> {
  if (!existsSync(file)) throw usageError(`No such file: ${file}`);
  const building = options.building.trim();
  if (building === '') throw usageError('--building needs a name.');
  const edges = await convert(context, file, await readFile(file, 'utf8'));

  const check = singleBuildingOf(edges);
  if (!check.ok) {
    const which = check.buildings.length > 1 ? ` (${check.buildings.join(', ')})` : '';
    throw new CliError(`${check.textKey === 'noDataSetToSave' ? NO_DATA : SPANS_BUILDINGS}${which}`, EXIT.usage);
  }
  if (check.building !== building) {
    throw new CliError(`The file's rows belong to building ${check.building}, not ${building}; nothing was written.`, EXIT.usage);
  }

  const current = await context.session.call('graph', (http) => loadEdges(http, { building }));
  const diff = diffEdges(current, edges);
  const removed = options.overwrite ? diff.removed : [];
  const plan = { building, add: diff.added.length, remove: removed.length, unchanged: diff.unchanged.length };
  if (options.dryRun || context.output.json) {
    for (const edge of diff.added) if (!context.output.json) process.stdout.write(`add\t${describe(edge)}\n`);
    for (const edge of removed) if (!context.output.json) process.stdout.write(`remove\t${describe(edge)}\n`);
  }
  if (options.dryRun) {
    if (context.output.json) context.output.printJson({ ...plan, dryRun: true });
    else context.output.message(`Dry run for ${building}: ${plan.add} to add, ${plan.remove} to remove, ${plan.unchanged} unchanged; nothing written.`);
    return;
  }
  if (plan.add === 0 && plan.remove === 0) {
    if (context.output.json) context.output.printJson({ ...plan, saved: 0, removed: 0 });
    else context.output.message(`No changes: ${building} already has these ${plan.unchanged} connections.`);
    return;
  }
  const answer = await context.session.call('graph', (http) =>
    options.overwrite ? overwriteBuildingEdges(http, edges) : saveEdges(http, diff.added),
  );
  if (context.output.json) context.output.printJson({ ...plan, saved: answer.saved, removed: answer.removed });
  else context.output.message(`Done: ${plan.add} added, ${answer.removed} removed, ${plan.unchanged} unchanged for ${building}.`);
}

function describe(edge: GraphEdge): string {
  const bim = edge.from_node.obj.type === 'bim' ? edge.from_node.obj['BIM GUID'] : edge.from_node.uuid;
  const tag = edge.to_node.obj.type === 'tag' ? `${edge.to_node.obj.controllerId}\t${edge.to_node.obj.tag}` : edge.to_node.uuid;
  return `${bim}\t${tag}`;
}
