/** Small readings of Kysely's results that differ between engines. */

/** `count(*)` arrives as a number on SQLite and as a string (int8) on PostgreSQL. */
export function countOf(row: { n?: unknown } | undefined): number {
  return row?.n === undefined ? 0 : Number(row.n);
}

/** Rows an insert, update or delete touched (Kysely reports a bigint). */
export function touched(result: { numInsertedOrUpdatedRows?: bigint; numUpdatedRows?: bigint; numDeletedRows?: bigint; numAffectedRows?: bigint } | undefined): number {
  if (!result) return 0;
  return Number(result.numUpdatedRows ?? result.numDeletedRows ?? result.numInsertedOrUpdatedRows ?? result.numAffectedRows ?? 0n);
}

/** Whether an error is a unique or primary key violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03']);

/**
 * Whether an error means the database cannot be reached now (PostgreSQL restarting, the network
 * between): answered 503, and the pool reconnects by itself on a later request.
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i.test(error.message);
}

/**
 * Whether the database refused a value the caller sent (PostgreSQL's data exceptions, class 22: a NUL
 * character in text, a number out of range). SQLite stores such values; PostgreSQL refuses them, and that
 * is the caller's mistake (400), not ours.
 */
export function isRefusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
