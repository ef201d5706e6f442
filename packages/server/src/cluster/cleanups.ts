import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

/** How long realtime changes are kept for nodes that catch up after a lost LISTEN connection. */
const REALTIME_CHANGES_KEPT_MS = 10 * 60_000;

/** How often the leader deletes what has expired. */
export const CLEANUP_EVERY_MS = 60_000;

/**
 * Rows that only matter until they expire (rate-limit windows, portal ids, BIM tokens, expired
 * sessions, realtime changes other nodes have read), deleted by the leader alone: one node's work, not N nodes racing to delete the same rows.
 */
/** How often the leader sends the e-mail still pending over SMTP (a node died before sending it). */
export const SMTP_SWEEP_EVERY_MS = 15_000;

export function createCleanups(
  db: Db,
  clock: Clock,
  onError: (error: unknown) => void,
  sweepSmtp: () => Promise<unknown> = async () => 0,
  /** Clean-ups that keep their own due time in the database (the audit log's retention). */
  dueCleanups: () => Promise<unknown> = async () => 0,
) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let smtpTimer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  let sweeping: Promise<unknown> | null = null;

  async function runOnce(): Promise<void> {
    const now = clock.now();
    await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
    await db.deleteFrom('portal_ids').where('expires_at', '<=', now).execute();
    await db.deleteFrom('bim_tokens').where('expires_at', '<=', now).execute();
    await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    // Other nodes read a realtime change within a second; a LISTEN reconnect catches up a few seconds.
    await db.deleteFrom('realtime_changes').where('at', '<', Date.now() - REALTIME_CHANGES_KEPT_MS).execute();
    await dueCleanups();
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = runOnce().catch(onError).finally(() => (running = null));
      }, CLEANUP_EVERY_MS);
      timer.unref?.();
      smtpTimer = setInterval(() => {
        if (sweeping) return;
        sweeping = sweepSmtp().catch(onError).finally(() => (sweeping = null));
      }, SMTP_SWEEP_EVERY_MS);
      smtpTimer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (smtpTimer) clearInterval(smtpTimer);
      timer = null;
      smtpTimer = null;
      await running;
      await sweeping;
    },
  };
}
