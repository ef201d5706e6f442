import { EDGE_CSV_COLUMNS, makeEdge, type CsvLineError, type EdgeCsvColumn, type GraphEdge } from '@varde/core/contract';
import { CsvSyntaxError, detectSeparator, parseCsvRecords } from './csvRecords.js';

/** At most this many connections per file (as many as POST /edges takes at once). */
export const MAX_CSV_EDGES = 5000;

/** A model node's BIM GUID: an IFC GlobalId (22 characters) or a UUID. */
const BIM_GUID = /^([0-3][0-9A-Za-z_$]{21}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export type CsvToEdgesResult = { ok: true; edges: GraphEdge[] } | { ok: false; errors: CsvLineError[] };

function headerIndexes(fields: string[]): { columns: Record<EdgeCsvColumn, number> } | { error: string } {
  const names = fields.map((name) => name.trim().toLowerCase());
  const missing = EDGE_CSV_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) return { error: `the header misses column(s) ${missing.join(', ')} (expected ${EDGE_CSV_COLUMNS.join(',')})` };
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) return { error: `the header repeats column(s) ${[...new Set(repeated)].join(', ')}` };
  return { columns: Object.fromEntries(EDGE_CSV_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<EdgeCsvColumn, number> };
}

/**
 * csv2edges: a CSV of connections (a header row with EDGE_CSV_COLUMNS, any order, `,` or `;`) to
 * edges with derived uuids. Every bad line is reported with its number; any error means no edges.
 * Controller-id and tag are trimmed (spec §5); the other cells are kept as written, minus outer spaces.
 */
export function csvToEdges(text: string): CsvToEdgesResult {
  if (text.trim() === '') return { ok: false, errors: [{ line: 1, message: 'the CSV is empty' }] };
  let records;
  try {
    records = parseCsvRecords(text, detectSeparator(text));
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, errors: [{ line: error.line, message: error.message }] };
    throw error;
  }
  const [header, ...rows] = records;
  const parsedHeader = headerIndexes(header!.fields);
  if ('error' in parsedHeader) return { ok: false, errors: [{ line: header!.line, message: parsedHeader.error }] };
  const { columns } = parsedHeader;
  if (rows.length > MAX_CSV_EDGES) {
    return { ok: false, errors: [{ line: rows[MAX_CSV_EDGES]!.line, message: `more than ${MAX_CSV_EDGES} connections in one file` }] };
  }

  const errors: CsvLineError[] = [];
  const edges: GraphEdge[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, fields } of rows) {
    if (fields.length !== header!.fields.length) {
      errors.push({ line, message: `expected ${header!.fields.length} fields, found ${fields.length}` });
      continue;
    }
    const cell = (column: EdgeCsvColumn) => fields[columns[column]]!.trim();
    const problems: string[] = [];
    if (!BIM_GUID.test(cell('bim_guid'))) problems.push('bim_guid must be an IFC GlobalId (22 characters) or a UUID');
    for (const column of ['controller_id', 'building', 'tag'] as const) if (cell(column) === '') problems.push(`${column} is required`);
    for (const column of EDGE_CSV_COLUMNS) if (cell(column).length > 500) problems.push(`${column} is longer than 500 characters`);
    if (problems.length > 0) {
      errors.push({ line, message: problems.join('; ') });
      continue;
    }
    const edge = makeEdge(
      { type: 'bim', 'BIM GUID': cell('bim_guid'), 'BIM Navn': cell('bim_name'), 'BIM beskrivelse': cell('bim_description') },
      { type: 'tag', controllerId: cell('controller_id'), building: cell('building'), tag: cell('tag'), description: cell('description'), substation: cell('substation') },
    );
    const first = firstLineOf.get(edge.uuid);
    if (first !== undefined) {
      errors.push({ line, message: `the same connection as line ${first}` });
      continue;
    }
    firstLineOf.set(edge.uuid, line);
    edges.push(edge);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, edges };
}

/** One detail text for a 4xx: every bad line. */
export function describeCsvErrors(errors: CsvLineError[]): string {
  const lines = errors.map((error) => `line ${error.line}: ${error.message}`);
  return `${errors.length} bad line${errors.length === 1 ? '' : 's'}: ${lines.join('; ')}`;
}
