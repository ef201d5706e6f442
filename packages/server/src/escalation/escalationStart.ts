import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { canSeeSite } from '../controllers/visibleSites.js';
import type { CloudServices } from '../services.js';
import { touched } from '../storage/executeResults.js';
import { inTransaction } from '../storage/transaction.js';
import type { Policy } from './policy.js';
import type { PolicyStore } from './policyStore.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime'>;

interface CandidateAlarm {
  id: string;
  site_uuid: string;
  alarm_group: string;
  active_at: number | string;
}

/** Escalations made at once (each is a transaction of its own). */
const PARALLEL_STARTS = 8;

/** Minutes from a round's start to the next round's: its last step's delay and the pause between rounds. */
export const roundMinutes = (policy: Policy) => policy.steps.at(-1)!.afterMinutes + policy.repeatAfterMinutes;

/**
 * Gives each open alarm (active, unacknowledged) that a policy takes an escalation, with every step of
 * every round as a due row, timed from when the alarm was raised. One escalation per alarm (the oldest
 * policy that takes it), made by an insert that does nothing when another node made it first. A policy
 * takes alarms raised after it was made: a new policy does not wake every old alarm at once.
 */
export async function startEscalations(ctx: Ctx, policies: PolicyStore, now: number): Promise<number> {
  const all = (await policies.list(null)).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  if (all.length === 0) return 0;
  const classes = [...new Set(all.flatMap((policy) => policy.priorities))];
  const since = Math.min(...all.map((policy) => policy.createdAt));
  const { rows } = await sql<CandidateAlarm>`
    SELECT a.id, a.site_uuid, a.alarm_group, a.active_at FROM alarms a
     WHERE a.inactive_at IS NULL AND a.acked_at IS NULL AND a.active_at >= ${since}
       AND upper(a.alarm_group) IN (${sql.join(classes)})
       AND NOT EXISTS (SELECT 1 FROM escalations e WHERE e.alarm_id = a.id)
     ORDER BY a.active_at, a.id`.execute(ctx.db);
  const seen = new Map<string, boolean>();
  const makerSees = async (policy: Policy, site: string) => {
    const key = `${policy.createdBy} ${site}`;
    if (!seen.has(key)) seen.set(key, await canSeeSite(ctx, policy.createdBy, site));
    return seen.get(key)!;
  };
  let started = 0;
  const chosenFor: Array<{ alarm: CandidateAlarm; policy: Policy }> = [];
  for (const alarm of rows) {
    const activeAt = Number(alarm.active_at);
    let chosen: Policy | undefined;
    for (const policy of all) {
      if (activeAt < policy.createdAt || !policy.priorities.includes(alarm.alarm_group.toUpperCase())) continue;
      if (policy.sites ? policy.sites.includes(alarm.site_uuid) : await makerSees(policy, alarm.site_uuid)) {
        chosen = policy;
        break;
      }
    }
    if (chosen) chosenFor.push({ alarm, policy: chosen });
  }
  // Each escalation in a transaction of its own, several at once (on PostgreSQL, over the pool's connections).
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_STARTS, chosenFor.length) }, async () => {
      while (next < chosenFor.length) {
        const { alarm, policy } = chosenFor[next++]!;
        if (await startOne(ctx, alarm, policy, now)) started += 1;
      }
    }),
  );
  return started;
}

/** One alarm's escalation and all its due rows; false when another node made it first. */
function startOne(ctx: Ctx, alarm: CandidateAlarm, policy: Policy, now: number): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const id = randomUUID();
    const claim = await tx.db
      .insertInto('escalations')
      .values({ id, alarm_id: alarm.id, policy_id: policy.id, site_uuid: alarm.site_uuid, state: 'open', stop_reason: null, started_at: now })
      .onConflict((oc) => oc.column('alarm_id').doNothing())
      .executeTakeFirst();
    if (touched(claim) === 0) return false;
    // Timed from the raise; the alarm store may stamp a raise a few ms past the clock, which must not hold a 0-minute step back a tick.
    const base = Math.min(Number(alarm.active_at), now);
    const steps = [];
    for (let round = 0; round <= policy.repeat; round += 1) {
      for (const [index, step] of policy.steps.entries()) {
        const dueAt = base + (round * roundMinutes(policy) + step.afterMinutes) * 60_000;
        steps.push({ id: `${id}:${round}:${index}`, escalation_id: id, round, step_index: index, due_at: dueAt, state: 'due', done_at: null });
      }
    }
    await tx.db.insertInto('escalation_steps').values(steps).execute();
    return true;
  });
}
