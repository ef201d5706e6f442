import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { readFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { usageError } from '../errors.js';
import { decoderFor, type CsvDialect } from './csvDialect.js';
import type { InputRecord } from './types.js';

export type InputFormat = 'csv' | 'jsonl' | 'json';

/** By extension: .json (an array), .jsonl/.ndjson (one object a line), anything else CSV. */
export function formatOf(path: string): InputFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  return 'csv';
}

/**
 * Streams the records of an input file, so memory stays flat however long the file is (a .json
 * array is the exception: it is parsed whole). CSV goes through csv-parse: a header row names the
 * columns; quoted cells may hold commas and newlines; a record's line is the one it ends on.
 */
export async function* readRecords(
  path: string,
  format: InputFormat = formatOf(path),
  options: { keepSpaces?: boolean; csv?: CsvReading } = {},
): AsyncGenerator<InputRecord> {
  if (format === 'csv') yield* readCsv(path, options.keepSpaces === true, options.csv);
  else if (format === 'jsonl') yield* readJsonLines(path);
  else yield* readJsonArray(path);
}

/**
 * csv-parse turns a whole chunk into records at once, and they wait in its buffer until the rows
 * are taken. With the default 64 KiB chunks that is ~1,000 rows, which outlive two scavenges while a
 * slow import works through them and are promoted to the old generation (garbage V8 collects only
 * at its next full GC: the heap grew with the file). 4 KiB chunks keep ~70 rows waiting.
 */
const READ_CHUNK_BYTES = 4 * 1024;

/**
 * How to read a CSV file, settled once before its first pass (bulkCommand.ts): its dialect (encoding,
 * separator, where the header is) and the field name of each column (columnMapping.ts). Without it: UTF-8,
 * commas, the header's own names in lower case.
 */
export interface CsvReading {
  dialect: Pick<CsvDialect, 'encoding' | 'delimiter' | 'headerLine'>;
  names: string[];
}

/** keepSpaces: cells keep their spaces, for jobs that report leading or trailing whitespace as an error. */
async function* readCsv(path: string, keepSpaces = false, reading?: CsvReading): AsyncGenerator<InputRecord> {
  // Loaded here, not at start: commands without a CSV file start without the parser.
  const { parse } = await import('csv-parse');
  const decoder = decoderFor(reading?.dialect ?? { encoding: 'utf-8' });
  // The bytes become text in the file's encoding before the parser sees them (it counts lines in text).
  const decode = new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
  const parser = createReadStream(path, { highWaterMark: READ_CHUNK_BYTES }).pipe(decode).pipe(
    parse({
      columns: reading ? () => reading.names : (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      bom: true,
      trim: !keepSpaces,
      skip_empty_lines: true,
      info: true,
      ...(reading ? { delimiter: reading.dialect.delimiter, from_line: reading.dialect.headerLine } : {}),
    }),
  );
  try {
    for await (const entry of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { line: entry.info.lines, fields: entry.record };
    }
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    const message = error instanceof Error ? error.message : String(error);
    throw usageError(`${path}${where ? ` line ${where}` : ''}: not valid CSV: ${message}`);
  }
}

async function* readJsonLines(path: string): AsyncGenerator<InputRecord> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { line, fields: { __invalid: 'not valid JSON' } };
      continue;
    }
    yield { line, fields: isObject(value) ? value : { __invalid: 'not a JSON object' } };
  }
}

async function* readJsonArray(path: string): AsyncGenerator<InputRecord> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw usageError(`${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!Array.isArray(value)) throw usageError(`${path}: expected a JSON array of objects`);
  let item = 0;
  for (const element of value) {
    item += 1;
    yield { line: item, fields: isObject(element) ? element : { __invalid: 'not a JSON object' } };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
