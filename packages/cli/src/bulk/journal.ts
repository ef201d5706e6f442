import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { usageError } from '../errors.js';
import type { RowAction } from './types.js';

/**
 * The append-only journal that makes `--resume` possible. Its first line names the job and the
 * input file's SHA-256; then one JSON line per row that the server confirmed. Lines are written
 * with one write(2) each, right after the server's answer, so a crash or Ctrl-C loses at most the
 * rows in flight, and those are safe to redo (every job's apply is idempotent).
 */
export interface JournalHeader {
  v: 1;
  job: string;
  file: string;
  sha256: string;
}

interface JournalEntry {
  line: number;
  key: string;
  action: RowAction;
}

const ACTION_CODES: Record<RowAction, number> = { create: 1, update: 2, unchanged: 3 };
const ACTIONS: Array<RowAction | undefined> = [undefined, 'create', 'update', 'unchanged'];

/** Rows done so far, one byte per line number (flat: 100,000 rows take 100 kB). */
export class DoneRows {
  private bytes = new Uint8Array(1024);
  count = 0;

  mark(line: number, action: RowAction): void {
    if (line >= this.bytes.length) {
      const grown = new Uint8Array(Math.max(line + 1, this.bytes.length * 2));
      grown.set(this.bytes);
      this.bytes = grown;
    }
    if (this.bytes[line] === 0) this.count += 1;
    this.bytes[line] = ACTION_CODES[action];
  }

  actionOf(line: number): RowAction | undefined {
    return ACTIONS[this.bytes[line] ?? 0];
  }
}

export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class Journal {
  private constructor(
    readonly path: string,
    private fd: number | null,
  ) {}

  /** Starts a new journal (replacing any old one). */
  static create(path: string, header: JournalHeader): Journal {
    const fd = openSync(path, 'w', 0o600);
    writeSync(fd, `${JSON.stringify(header)}\n`);
    return new Journal(path, fd);
  }

  /** Opens an existing journal to continue it; its rows are returned as DoneRows. */
  static resume(path: string, expected: JournalHeader): { journal: Journal; done: DoneRows } {
    if (!existsSync(path)) throw usageError(`Nothing to resume: no journal at ${path}.`);
    const [first, ...rest] = readFileSync(path, 'utf8').split('\n');
    const header = safeJson(first) as Partial<JournalHeader> | undefined;
    if (!header || header.job !== expected.job) throw usageError(`${path} is not a journal of ${expected.job}.`);
    if (header.sha256 !== expected.sha256) {
      throw usageError(`The input file has changed since the journal was started (${path}); run without --resume to start over.`);
    }
    const done = new DoneRows();
    for (const text of rest) {
      // A line cut short by a crash is ignored: that row is simply done again.
      const entry = safeJson(text) as Partial<JournalEntry> | undefined;
      if (entry && typeof entry.line === 'number' && entry.action && entry.action in ACTION_CODES) done.mark(entry.line, entry.action);
    }
    const fd = openSync(path, 'a', 0o600);
    // Finish a torn last line so the next entry starts on a line of its own.
    if (rest.length > 0 && rest[rest.length - 1] !== '') writeSync(fd, '\n');
    return { journal: new Journal(path, fd), done };
  }

  record(entry: JournalEntry): void {
    if (this.fd === null) return;
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** Once every row is done, the journal has served its purpose. */
  remove(): void {
    this.close();
    rmSync(this.path, { force: true });
  }
}

function safeJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
