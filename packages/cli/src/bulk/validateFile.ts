import { KeyHashSet } from './keyHashes.js';
import { readRecords } from './readRecords.js';
import type { ReportWriter } from './report.js';
import type { BulkOptions, BulkSummary } from './bulkOptions.js';
import type { BulkJob } from './types.js';

/**
 * Validate-all-first, in flat memory. The first pass is silent: it counts invalid rows and adds
 * each key's 64-bit hash to a KeyHashSet; a hash seen twice marks the key a suspect (a duplicate,
 * or rarely a collision). A clean file ends there. Otherwise a second pass prints every error in
 * line order (and writes it to the report), confirming duplicates exactly: only suspect keys are
 * kept as text. Sets summary.rows and summary.invalid; `valid` when every row is valid, and the
 * keys' hashes (lower case), so that a job can ask whether the file names a key (prune).
 */
export async function validateFile<Row>(
  job: BulkJob<Row>,
  options: BulkOptions,
  summary: BulkSummary,
  report: ReportWriter | undefined,
): Promise<{ valid: boolean; keys: KeyHashSet }> {
  const records = () => readRecords(options.file, undefined, { keepSpaces: options.keepSpaces === true, ...(options.csv ? { csv: options.csv } : {}) });
  const hashes = new KeyHashSet();
  const suspects = new KeyHashSet();
  let invalid = 0;
  let rows = 0;
  for await (const record of records()) {
    const result = job.validate(record);
    if (!result.ok) {
      invalid += 1;
      continue;
    }
    rows += 1;
    const key = job.keyOf(result.row).toLowerCase();
    if (hashes.add(key)) suspects.add(key);
  }
  if (invalid === 0 && suspects.size === 0) {
    summary.rows = rows;
    return { valid: true, keys: hashes };
  }

  // The exact pass: first line of each suspect key, by its text.
  const firstLineOf = new Map<string, number>();
  summary.rows = 0;
  summary.invalid = 0;
  for await (const record of records()) {
    const result = job.validate(record);
    let errors = result.ok ? [] : result.errors;
    let key = typeof record.fields.email === 'string' ? record.fields.email : '';
    if (result.ok) {
      key = job.keyOf(result.row);
      const lower = key.toLowerCase();
      if (suspects.has(lower)) {
        const earlier = firstLineOf.get(lower);
        if (earlier !== undefined) errors = [`${key} is already on line ${earlier}`];
        else firstLineOf.set(lower, record.line);
      }
    }
    if (errors.length > 0) {
      summary.invalid += 1;
      errors = errors.map((error) => withColumn(error, options.columnOf));
      options.note(`line ${record.line}: ${errors.join('; ')}`);
      report?.write({ line: record.line, key, action: 'none', status: 'invalid', error: errors.join('; ') });
    } else {
      summary.rows += 1;
    }
  }
  return { valid: summary.invalid === 0, keys: hashes };
}

/** `phone: ...` -> `phone (column "Mobile phone [mobile]"): ...` when the field came from a column of another name. */
function withColumn(error: string, columnOf: ReadonlyMap<string, string> | undefined): string {
  const field = /^(\w+): /.exec(error)?.[1];
  const column = field === undefined ? undefined : columnOf?.get(field);
  return column === undefined ? error : `${field} (column "${column}")${error.slice(field!.length)}`;
}
