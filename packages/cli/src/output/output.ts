/**
 * Every command prints through here, so all agree on three forms: `--json` (the data, pretty
 * printed), an aligned table with a header on a terminal, and headerless tab-separated lines
 * when piped (one record per line, easy for cut/awk).
 */

export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
  /** Show the whole value on a terminal instead of shortening it. */
  full?: boolean;
}

export interface Field {
  /** Name used in tab-separated output. */
  key: string;
  /** Name shown on a terminal. */
  label: string;
  value: string | number | boolean | null | undefined;
}

export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

const MAX_CELL_WIDTH = 60;

export class Output {
  constructor(
    readonly json: boolean,
    private readonly stdout: OutputStream = process.stdout,
    private readonly stderr: OutputStream = process.stderr,
  ) {}

  get isTerminal(): boolean {
    return this.stdout.isTTY === true;
  }

  /** A list of rows: `jsonValue` under --json (by default the rows themselves). */
  list<Row>(rows: readonly Row[], columns: readonly Column<Row>[], options: { jsonValue?: unknown; empty?: string } = {}): void {
    if (this.json) return this.printJson(options.jsonValue ?? rows);
    if (rows.length === 0) {
      if (this.isTerminal && options.empty) this.stderr.write(`${options.empty}\n`);
      return;
    }
    const cells = rows.map((row) => columns.map((column) => column.value(row)));
    if (!this.isTerminal) return this.writeTsv(cells);
    const shown = cells.map((row) => row.map((cell, index) => terminalCell(cell, columns[index]?.full ? Infinity : MAX_CELL_WIDTH)));
    this.writeTable([columns.map((column) => column.header.toUpperCase()), ...shown]);
  }

  /** One object as label/value lines; `jsonValue` under --json. */
  record(fields: readonly Field[], jsonValue: unknown): void {
    if (this.json) return this.printJson(jsonValue);
    if (!this.isTerminal) return this.writeTsv(fields.map((field) => [field.key, field.value]));
    this.writeTable(fields.map((field) => [`${field.label}:`, terminalCell(field.value, Infinity)]));
  }

  printJson(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** A human message: to stdout on a terminal, to stderr otherwise, and never under --json. */
  message(text: string): void {
    if (this.json) return;
    (this.isTerminal ? this.stdout : this.stderr).write(`${text}\n`);
  }

  private writeTsv(rows: ReadonlyArray<ReadonlyArray<Field['value']>>): void {
    this.stdout.write(rows.map((row) => row.map(tsvCell).join('\t')).join('\n') + '\n');
  }

  private writeTable(rows: string[][]): void {
    const widths: number[] = [];
    for (const row of rows) row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, cell.length)));
    const lines = rows.map((row) =>
      row.map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0))).join('  '),
    );
    this.stdout.write(lines.join('\n') + '\n');
  }
}

/** Tabs, newlines and backslashes escaped, so a value can never break a line or a column. */
export function tsvCell(value: Field['value']): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

/** One line, shortened: a terminal table is for reading, --json is for the full value. */
export function terminalCell(value: Field['value'], maxWidth = MAX_CELL_WIDTH): string {
  if (value === null || value === undefined || value === '') return '-';
  const flat = String(value).replace(/\s+/g, ' ').trim();
  return flat.length > maxWidth ? `${flat.slice(0, maxWidth - 1)}…` : flat;
}

/** ms since epoch -> `2025-01-31T08:15:00Z` (UTC, seconds). */
export function formatTimestamp(ms: number | null | undefined): string | undefined {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return undefined;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
