/**
 * PostgreSQL advisory lock keys of the cloud (one bigint space; other applications on the same database
 * use their own numbers). Passed to PostgreSQL as text: a JavaScript number is not an int8.
 */
export const ADVISORY_LOCKS = {
  /** Held by migrations (storage/db.ts, inside their transaction). */
  migrations: '7265010001',
  /** Held while a node creates the signing key and seeds a new database. */
  startup: '7265010002',
  /** Held by the leader on its own connection for as long as it leads. */
  leader: '7265010003',
} as const;
