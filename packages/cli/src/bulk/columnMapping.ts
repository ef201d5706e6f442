import { readFileSync } from 'node:fs';
import { usageError } from '../errors.js';

/**
 * Which column of a file fills which field of a job: the header's own names (any case), a mapping given
 * with --map / --map-file, or a built-in format (`entra`, Microsoft Entra ID's bulk-create and export
 * files). Columns no field takes are listed as a warning, never dropped silently; a required field
 * that no column fills is an error before anything is read.
 */
export interface ColumnSpec {
  /** The fields the job reads (lower case); undefined: the job checks columns itself (licence type fields). */
  known?: readonly string[];
  /** Fields that must have a column; an inner list names alternatives (`email` or `username`). */
  required: ReadonlyArray<readonly string[]>;
  /** Built-in formats: per format, [attribute, field] in order of preference. */
  formats?: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>>;
}

export interface ColumnPlan {
  /** Per header cell, the field name the parser gives it (a header no field takes keeps its own name, lower case). */
  names: string[];
  /** Header cells no field takes (as written). */
  unused: string[];
  /** Required fields (or alternatives, joined with " or ") that no column fills. */
  missing: string[];
  /** The header cell each field comes from, when it differs from the field's name (for messages). */
  columnOf: Map<string, string>;
}

/** `field=Column,field=Column`: a comma starts a new pair only when a `name=` follows it (headers may hold commas). */
export function parseMapOption(text: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of text.split(/,(?=\s*[A-Za-z_][A-Za-z0-9_]*\s*=)/)) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at <= 0) throw usageError(`--map takes field=Column pairs separated by commas, not "${part.trim()}".`);
    pairs.push([part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()]);
  }
  return pairs;
}

/** A mapping file: a JSON object `{"email": "Column"}`, or one `field=Column` a line (`#` starts a comment). */
export function readMapFile(path: string): Array<[string, string]> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw usageError(`Cannot read the mapping file ${path}: ${(error as Error).message}`);
  }
  if (text.trim().startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw usageError(`${path}: not valid JSON (${(error as Error).message})`);
    }
    return Object.entries(value as Record<string, unknown>).map(([field, column]) => [field.trim().toLowerCase(), String(column).trim()]);
  }
  const pairs: Array<[string, string]> = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (line === '' || line.startsWith('#')) return;
    const at = line.indexOf('=');
    if (at <= 0) throw usageError(`${path} line ${index + 1}: expected field=Column, not "${line}".`);
    pairs.push([line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]);
  });
  return pairs;
}

/** The attribute an Entra ID header names: `User name [userPrincipalName] Required` -> userPrincipalName. */
function attributeOf(header: string): string {
  return (/\[([^\]]+)\]/.exec(header)?.[1] ?? header).trim().toLowerCase();
}

export function planColumns(
  header: readonly string[],
  spec: ColumnSpec,
  options: { map?: Array<[string, string]>; format?: string } = {},
): ColumnPlan {
  const names: Array<string | undefined> = header.map(() => undefined);
  const taken = new Set<string>();
  const columnOf = new Map<string, string>();
  const lower = header.map((cell) => cell.trim().toLowerCase());
  const assign = (index: number, field: string) => {
    names[index] = field;
    taken.add(field);
    if (lower[index] !== field) columnOf.set(field, header[index]!);
  };

  for (const [field, column] of options.map ?? []) {
    if (spec.known && !spec.known.includes(field)) throw usageError(`--map: unknown field "${field}" (fields: ${spec.known.join(', ')}).`);
    const index = lower.indexOf(column.toLowerCase());
    if (index < 0) throw usageError(`--map: the file has no column "${column}" (its columns: ${header.join(', ')}).`);
    if (names[index] !== undefined) throw usageError(`--map: the column "${column}" is mapped twice.`);
    if (taken.has(field)) throw usageError(`--map: the field "${field}" is mapped twice.`);
    assign(index, field);
  }

  if (options.format !== undefined) {
    const table = spec.formats?.[options.format];
    if (!table) throw usageError(`--format must be one of: ${Object.keys(spec.formats ?? {}).join(', ') || 'none for this command'}.`);
    const attributes = header.map(attributeOf);
    for (const [attribute, field] of table) {
      const index = attributes.findIndex((name, at) => name === attribute.toLowerCase() && names[at] === undefined);
      if (index >= 0 && !taken.has(field)) assign(index, field);
    }
  }

  lower.forEach((name, index) => {
    if (names[index] === undefined && !taken.has(name) && (!spec.known || spec.known.includes(name))) assign(index, name);
  });

  const unused = header.filter((_, index) => names[index] === undefined && header[index]!.trim() !== '');
  const missing = spec.required
    .filter((alternatives) => !alternatives.some((field) => taken.has(field)))
    .map((alternatives) => alternatives.join(' or '));
  // A column no field takes keeps its own name: a job that checks columns itself (licences) still sees it.
  return { names: names.map((name, index) => name ?? `unused:${lower[index]}`), unused, missing, columnOf };
}
