import type { ScheduleStore } from '../oncall/scheduleStore.js';
import type { CloudServices } from '../services.js';
import { inTransaction } from '../storage/transaction.js';
import { startEscalations } from './escalationStart.js';
import { runDueStep, type DueStep } from './escalationStep.js';
import type { PolicyStore } from './policyStore.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'outbox' | 'clock'> & { config: { publicOrigin: string } };

/** Due steps one tick takes at most; the rest wait for the next tick (a backlog never makes one huge transaction). */
const STEPS_PER_TICK = 2000;

/**
 * Steps run in this many transactions at once. The claim keeps each step to one of them; on PostgreSQL
 * they use the pool's connections (a burst of alarms is sent in parallel), on SQLite they take turns.
 */
const PARALLEL_STEPS = 8;

/** Runs `work` over `items`, `parallel` at a time. */
async function inParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

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
  /**
   * Ticks every `intervalMs` until stopped (default 2 s: a first step goes out within seconds of the raise; a
   * tick with nothing due is three small queries); a tick while one runs is skipped. The timer never keeps the process alive.
   */
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
    // One escalation's steps in their order, one after the other; different escalations in parallel.
    const byEscalation = new Map<string, DueStep[]>();
    for (const step of due) byEscalation.set(step.escalation_id, [...(byEscalation.get(step.escalation_id) ?? []), step]);
    let ran = 0;
    await inParallel([...byEscalation.values()], PARALLEL_STEPS, async (steps) => {
      for (const step of steps) {
        if (await inTransaction(ctx.db, (tx) => runDueStep(ctx, stores, tx, { ...step, round: Number(step.round), step_index: Number(step.step_index) }, now))) ran += 1;
      }
    });
    return { started, ran };
  }

  let timer: ReturnType<typeof setInterval> | null = null;
  let ticking: Promise<void> | null = null;
  return {
    tick,
    start(intervalMs = 2000) {
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
