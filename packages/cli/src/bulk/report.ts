import { closeSync, openSync, writeSync } from 'node:fs';
import { usageError } from '../errors.js';
import { csvLine } from './csvText.js';
import type { RowOutcome } from './types.js';

const COLUMNS = ['line', 'key', 'action', 'status', 'error'] as const;

/**
 * --report FILE: one entry per row (line, key, action, status, error), written as rows finish so
 * memory stays flat. `.json` gives a JSON array, anything else CSV with a header.
 */
export class ReportWriter {
  private first = true;
  private fd: number | null;
  private readonly json: boolean;

  constructor(path: string) {
    this.json = path.toLowerCase().endsWith('.json');
    try {
      this.fd = openSync(path, 'w', 0o600);
    } catch (error) {
      throw usageError(`Cannot write the report ${path}: ${(error as Error).message}`);
    }
    writeSync(this.fd, this.json ? '[\n' : csvLine(COLUMNS));
  }

  write(outcome: RowOutcome): void {
    if (this.fd === null) return;
    if (this.json) {
      const entry = { line: outcome.line, key: outcome.key, action: outcome.action, status: outcome.status, error: outcome.error ?? null };
      writeSync(this.fd, `${this.first ? '' : ',\n'}  ${JSON.stringify(entry)}`);
    } else {
      writeSync(this.fd, csvLine(COLUMNS.map((column) => outcome[column] ?? '')));
    }
    this.first = false;
  }

  close(): void {
    if (this.fd === null) return;
    if (this.json) writeSync(this.fd, this.first ? ']\n' : '\n]\n');
    closeSync(this.fd);
    this.fd = null;
  }
}
