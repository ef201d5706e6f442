import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { auditIdAt } from './recordAudit.js';

/** How often the clean-up is due: records live their days plus at most this. */
export const AUDIT_RETENTION_EVERY_MS = 60 * 60_000;
/** Rows deleted per statement: a year of records goes in short transactions, not one long lock. */
const BATCH = 5000;
const DAY_MS = 86_400_000;
const ROW = 'audit';

/**
 * Deletes audit records older than the retention (`--audit-retention-days`), the only way a record ever
 * goes. Due work in the database: the leader runs `runDue` on its clean-up timer (and a test-clock move
 * runs it at once); the first to move `due_at` on claims the run, so it happens once across nodes.
 */
export function createAuditRetention(db: Db, clock: Clock, retentionDays: number) {
  async function claim(now: number): Promise<boolean> {
    await db.insertInto('audit_retention').values({ name: ROW, due_at: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
    const result = await db
      .updateTable('audit_retention')
      .set({ due_at: now + AUDIT_RETENTION_EVERY_MS })
      .where('name', '=', ROW)
      .where('due_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    /** Runs the clean-up when it is due and this node claims it; answers how many records went. */
    async runDue(): Promise<number> {
      const now = clock.now();
      if (!(await claim(now))) return 0;
      const cutoff = now - retentionDays * DAY_MS;
      let deleted = 0;
      for (;;) {
        // Ids begin with their time: the old records are a range of the primary key.
        const batch = db.selectFrom('audit_records').select('id').where('id', '<', auditIdAt(cutoff)).limit(BATCH);
        const result = await db.deleteFrom('audit_records').where('id', 'in', batch).executeTakeFirst();
        const count = Number(result.numDeletedRows);
        deleted += count;
        if (count < BATCH) return deleted;
      }
    },
  };
}
