import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { usageError } from '../errors.js';

/**
 * How a CSV file is written, as people's tools write them: Excel in Norway and Sweden separates with
 * `;`, a plain Excel CSV is Windows-1252 (its "Unicode Text" UTF-16LE with tabs), an Entra ID file starts
 * with a `version:v1.0` line. Found
 * from the file (or given with --delimiter / --encoding) before a row is read, and printed.
 */
export interface CsvDialect {
  encoding: CsvEncoding;
  /** Whether the file starts with a UTF-8 byte order mark (dropped when read). */
  bom: boolean;
  delimiter: string;
  lineEnds: 'CRLF' | 'LF';
  /** The header's line: 2 after an Entra `version:v1.0` line, else 1. */
  headerLine: number;
  /** The header's cells as written (trimmed); empty for an empty file. */
  header: string[];
}

/** utf-16le: what Excel saves as "Unicode Text" (tab-separated, with a byte order mark). */
export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le';

export interface DialectChoice {
  encoding?: string;
  delimiter?: string;
}

const ENCODING_NAMES: Record<string, CsvEncoding> = {
  'utf-8': 'utf-8', utf8: 'utf-8',
  'windows-1252': 'windows-1252', cp1252: 'windows-1252', 'latin-1': 'windows-1252', latin1: 'windows-1252', 'iso-8859-1': 'windows-1252',
  'utf-16': 'utf-16le', 'utf-16le': 'utf-16le', utf16le: 'utf-16le',
};

const DELIMITER_NAMES: Record<string, string> = { ',': ',', ';': ';', tab: '\t', '\\t': '\t', '\t': '\t', '|': '|' };

/** The file's bytes as text in its encoding, for the parser (the BOM dropped). */
export function decoderFor(dialect: Pick<CsvDialect, 'encoding'>): TextDecoder {
  // TextDecoder drops a leading BOM by default; 'windows-1252' is in every Node build (full ICU).
  return new TextDecoder(dialect.encoding);
}

export function encodingOption(value: string): CsvEncoding {
  const encoding = ENCODING_NAMES[value.trim().toLowerCase()];
  if (!encoding) throw usageError(`--encoding must be utf-8, windows-1252 (latin1) or utf-16le, not "${value}".`);
  return encoding;
}

export function delimiterOption(value: string): string {
  const delimiter = DELIMITER_NAMES[value.trim() === '' ? value : value.trim().toLowerCase()];
  if (!delimiter) throw usageError(`--delimiter must be one of , ; tab |, not "${value}".`);
  return delimiter;
}

/** Whether the whole file is valid UTF-8 (streamed: memory stays flat however long the file is). */
async function isUtf8(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The first bytes of the file (enough for the header and a version line). */
async function headOf(path: string, bytes = 64 * 1024): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Counts the candidates outside quotes in one line; the most frequent wins, a comma on a tie. */
function detectDelimiter(line: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [candidate, count] of counts) if (count > counts.get(best)!) best = candidate;
  return best;
}

/** An Entra ID bulk file's first line (`version:v1.0`, maybe with trailing separators). */
export const ENTRA_VERSION_LINE = /^version:v\d+(\.\d+)*[,;\t]*$/i;

export async function detectDialect(path: string, choice: DialectChoice = {}): Promise<CsvDialect> {
  const head = await headOf(path);
  const utf16 = head[0] === 0xff && head[1] === 0xfe;
  const bom = utf16 || (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf);
  const found = (): Promise<CsvEncoding> | CsvEncoding => (utf16 ? 'utf-16le' : bom ? 'utf-8' : isUtf8(path).then((utf8) => (utf8 ? 'utf-8' : 'windows-1252')));
  const encoding = choice.encoding ? encodingOption(choice.encoding) : await found();
  // The head may end inside a character: a streaming decode leaves that partial character out.
  const text = new TextDecoder(encoding).decode(head, { stream: true });
  const lines = text.split('\n');
  let headerLine = 1;
  if (ENTRA_VERSION_LINE.test((lines[0] ?? '').trim())) headerLine = 2;
  const header = (lines[headerLine - 1] ?? '').replace(/\r$/, '');
  const delimiter = choice.delimiter ? delimiterOption(choice.delimiter) : detectDelimiter(header);
  const lineEnds = (lines[headerLine - 1] ?? '').endsWith('\r') ? 'CRLF' : 'LF';
  return { encoding, bom, delimiter, lineEnds, headerLine, header: await headerCells(header, delimiter) };
}

async function headerCells(line: string, delimiter: string): Promise<string[]> {
  if (line.trim() === '') return [];
  const { parse } = await import('csv-parse/sync');
  try {
    const [cells] = parse(line, { delimiter, relax_quotes: true }) as string[][];
    return (cells ?? []).map((cell) => cell.trim());
  } catch {
    return line.split(delimiter).map((cell) => cell.trim());
  }
}

/** How the file was read, for people: `UTF-8 (with BOM), separator ";", CRLF line ends`. */
export function describeDialect(dialect: CsvDialect): string {
  const names: Record<CsvEncoding, string> = { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252', 'utf-16le': 'UTF-16LE' };
  const encoding = `${names[dialect.encoding]}${dialect.bom && dialect.encoding === 'utf-8' ? ' (with BOM)' : ''}`;
  const separator = dialect.delimiter === '\t' ? 'tab' : `"${dialect.delimiter}"`;
  const version = dialect.headerLine > 1 ? ', after a version line' : '';
  return `${encoding}, separator ${separator}, ${dialect.lineEnds} line ends${version}`;
}
