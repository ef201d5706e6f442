import { readFile } from 'node:fs/promises';
import { CliError } from '../errors.js';
import { EXIT } from '../exitCodes.js';
import type { StdinLines } from './stdinLines.js';

/** The text of `--input FILE`, or of stdin for `-`. A missing file is a usage error, not a crash. */
export async function readInputText(file: string, stdin: StdinLines): Promise<{ text: string; name: string }> {
  if (file === '-') return { text: await stdin.rest(), name: 'stdin' };
  try {
    return { text: await readFile(file, 'utf8'), name: file };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    throw new CliError(`Cannot read ${file}: ${reason}`, EXIT.usage);
  }
}

/** Parses JSON input, naming the line and column of a syntax error. */
export function parseJsonInput(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message)?.[1];
    const where = position === undefined ? '' : ` at ${lineAndColumn(text, Number(position))}`;
    throw new CliError(`${name} is not valid JSON${where}: ${message}`, EXIT.usage);
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before[before.length - 1]?.length ?? 0) + 1}`;
}
