import type { ScheduleStore } from '../oncall/scheduleStore.js';
import type { CloudServices } from '../services.js';
import { inTransaction } from '../storage/transaction.js';
import { startEscalations } from './escalationStart.js';
import { runDueStep, type DueStep } from './escalationStep.js';
import type { PolicyStore } from './policyStore.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'outbox' | 'clock'> & { config: { publicOrigin: string } };

/** Due steps one tick takes at most; the rest wait for the next tick (a backlog never makes one huge transaction). */
const STEPS_PER_TICK = 2000;

/** What one tick did. */
export interface EscalationTick {
  started: number;
  ran: number;
}

/**
 * Escalations (issue 35), run by the leader: a tick gives new alarms their escalations (escalationStart.ts)
 * and runs every step that is due by the cloud clock, each in its own transaction (escalationStep.ts).
 * All state is in the database, none in this object: after a restart or a failover the next leader's tick
 * goes on where the last one stopped, and a tick that two nodes run at once sends each step once.
 */
export interface EscalationEngine {
  tick(): Promise<EscalationTick>;
  /** Ticks every `intervalMs` (default 15 s) until stopped; a tick while one runs is skipped. The timer never keeps the process alive. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createEscalationEngine(ctx: Ctx, stores: { policies: PolicyStore; schedules: ScheduleStore }, onError: (error: unknown) => void = () => {}): EscalationEngine {
  async function tick(): Promise<EscalationTick> {
    const now = ctx.clock.now();
    const started = await startEscalations(ctx, stores.policies, now);
    const due = (await ctx.db
      .selectFrom('escalation_steps')
      .select(['id', 'escalation_id', 'round', 'step_index'])
      .where('state', '=', 'due')
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .orderBy('id')
      .limit(STEPS_PER_TICK)
      .execute()) as DueStep[];
    let ran = 0;
    for (const step of due) {
      if (await inTransaction(ctx.db, (tx) => runDueStep(ctx, stores, tx, { ...step, round: Number(step.round), step_index: Number(step.step_index) }, now))) ran += 1;
    }
    return { started, ran };
  }

  let timer: ReturnType<typeof setInterval> | null = null;
  let ticking: Promise<void> | null = null;
  return {
    tick,
    start(intervalMs = 15_000) {
      if (timer) return;
      timer = setInterval(() => {
        if (ticking) return;
        ticking = tick()
          .then(() => undefined, onError)
          .finally(() => {
            ticking = null;
          });
      }, intervalMs);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
    },
  };
}
