import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

/**
 * The clock that stamps audit records, found from any Db or transaction of it: recordAudit is given only
 * a transaction (its shape is shared with other modules), and the cloud's clock may be a test clock.
 * Kysely hands one adapter object to a database and every transaction opened on it, so the adapter is
 * the key; several clouds in one process (tests) each have their own.
 */
const clocks = new WeakMap<object, Clock>();

/** Called once by the cloud after opening its database. */
export function stampAuditWith(db: Db, clock: Clock): void {
  clocks.set(db.getExecutor().adapter, clock);
}

/** Now, by the clock of the cloud that owns `db` (the system clock for a database no cloud opened). */
export function auditNow(db: Db): number {
  return (clocks.get(db.getExecutor().adapter) ?? { now: () => Date.now() }).now();
}
