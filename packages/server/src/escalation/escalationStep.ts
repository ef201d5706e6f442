import { accountByUid } from '../auth/accounts.js';
import { languageOfUser } from '../outbox/messageTexts.js';
import { deliveryTarget } from '../rules/deliveryTarget.js';
import type { ScheduleStore } from '../oncall/scheduleStore.js';
import { backupAt, onCallAt } from '../oncall/whoIsOnCall.js';
import type { CloudServices } from '../services.js';
import { touched } from '../storage/executeResults.js';
import type { Tx } from '../storage/transaction.js';
import { createAckLink } from './ackLinks.js';
import { recordEscalation } from './escalationLog.js';
import { usersWithRoleOnSite } from './roleTargets.js';
import { escalationMail, escalationSms } from './escalationTexts.js';
import type { PolicyStore } from './policyStore.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'outbox'> & { config: { publicOrigin: string } };

/** A due step row as the engine reads it. */
export interface DueStep {
  id: string;
  escalation_id: string;
  round: number;
  step_index: number;
}

interface EscalationOfStep {
  alarm_id: string;
  policy_id: string;
  site_uuid: string;
  site_name: string | null;
  alarm_group: string | null;
  tag_name: string | null;
  text: string | null;
  active_at: number | string | null;
  inactive_at: number | string | null;
  acked_at: number | string | null;
  shelved_until: number | string | null;
}

/** Why an escalation stops before this step, or null when the step should run. */
function stopReason(row: EscalationOfStep, now: number): string | null {
  if (row.active_at === null || row.inactive_at !== null) return 'cleared';
  if (row.acked_at !== null) return 'acknowledged';
  if (row.shelved_until !== null && Number(row.shelved_until) > now) return 'shelved';
  return null;
}

/**
 * Runs one due step inside `tx`, or does nothing when another node claimed it first: the claim is a
 * conditional update from 'due', so of two nodes (or a node and its own restart) one touches the row and
 * the other waits for that commit (PostgreSQL) and touches nothing. The step's messages enter the outbox,
 * its log lines are written and it is marked done in the same transaction: all of it, or none (a node that
 * dies midway leaves the row due, and the next tick sends it). Returns whether this call ran it.
 */
export async function runDueStep(ctx: Ctx, stores: { policies: PolicyStore; schedules: ScheduleStore }, tx: Tx, step: DueStep, now: number): Promise<boolean> {
  // The escalation's row first, in every transaction that changes its steps: two due steps of one escalation
  // (a stop touches all of them) then wait for each other instead of locking rows in opposite orders (a deadlock).
  await tx.db.updateTable('escalations').set((eb) => ({ state: eb.ref('state') })).where('id', '=', step.escalation_id).execute();
  const claim = await tx.db.updateTable('escalation_steps').set({ state: 'sent', done_at: now }).where('id', '=', step.id).where('state', '=', 'due').executeTakeFirst();
  if (touched(claim) === 0) return false;
  const row = (await tx.db
    .selectFrom('escalations as e')
    .leftJoin('alarms as a', 'a.id', 'e.alarm_id')
    .leftJoin('sites as s', 's.uuid', 'e.site_uuid')
    .select(['e.alarm_id', 'e.policy_id', 'e.site_uuid', 's.name as site_name', 'a.alarm_group', 'a.tag_name', 'a.text', 'a.active_at', 'a.inactive_at', 'a.acked_at', 'a.shelved_until'])
    .where('e.id', '=', step.escalation_id)
    .executeTakeFirst()) as EscalationOfStep | undefined;
  if (!row) return true;
  const log = (line: Omit<Parameters<typeof recordEscalation>[3], 'round' | 'step' | 'at'>) =>
    recordEscalation(tx.db, step.escalation_id, row.alarm_id, { round: step.round, step: step.step_index, at: now, ...line });

  const policy = await stores.policies.get(row.policy_id, tx.db);
  const policyStep = policy?.steps[step.step_index];
  const reason = stopReason(row, now) ?? (policy ? (policyStep ? null : 'policy-changed') : 'policy-deleted');
  if (reason) {
    // This step and every later one: nothing more is sent for this alarm.
    await tx.db.updateTable('escalation_steps').set({ state: 'stopped', done_at: now }).where('escalation_id', '=', step.escalation_id).where((eb) => eb.or([eb('state', '=', 'due'), eb('id', '=', step.id)])).execute();
    await tx.db.updateTable('escalations').set({ state: 'stopped', stop_reason: reason }).where('id', '=', step.escalation_id).execute();
    await log({ userUid: null, username: null, channel: null, outcome: 'stopped', reason, to: null });
    return true;
  }

  // Whom the step tells: its users, and whoever each schedule puts on call now.
  const uids: string[] = [];
  for (const target of policyStep!.targets) {
    if ('user' in target) uids.push(target.user);
    else if ('role' in target) {
      const everyone = await usersWithRoleOnSite(ctx, tx, policy!.partner, target.role, row.site_uuid);
      uids.push(...everyone);
      if (everyone.length === 0) await log({ userUid: null, username: target.role, channel: null, outcome: 'skipped', reason: 'nobody-with-role', to: null });
    } else {
      const id = 'schedule' in target ? target.schedule : target.backup;
      const schedule = await stores.schedules.get(id, tx.db);
      const who = schedule ? ('schedule' in target ? (onCallAt(schedule, now)?.userUid ?? null) : backupAt(schedule, now)) : null;
      if (who) uids.push(who);
      else await log({ userUid: null, username: schedule?.name ?? id, channel: null, outcome: 'skipped', reason: schedule ? ('schedule' in target ? 'nobody-on-call' : 'no-backup') : 'schedule-deleted', to: null });
    }
  }
  const facts = {
    siteName: row.site_name ?? row.site_uuid, tagName: row.tag_name ?? '', text: row.text ?? '', priority: row.alarm_group ?? '',
    activeSince: Number(row.active_at), step: step.step_index + 1, policyName: policy!.name,
  };
  for (const uid of new Set(uids)) {
    const language = await languageOfUser(ctx, uid, tx);
    // One link per recipient and step, in each of its messages: it acknowledges as this person (ackRoutes.ts).
    let link: string | null = null;
    for (const channel of policyStep!.channels) {
      const target = await deliveryTarget(ctx, uid, row.site_uuid, channel, tx);
      const username = target.account?.email ?? (await accountByUid(tx.db, uid))?.email ?? null;
      if (!target.ok) {
        await log({ userUid: uid, username, channel, outcome: 'skipped', reason: target.reason, to: null });
        continue;
      }
      link ??= `${ctx.config.publicOrigin}/a/${await createAckLink(tx.db, { alarmId: row.alarm_id, userUid: uid, escalationId: step.escalation_id }, now)}`;
      if (channel === 'mail') await ctx.outbox.send({ channel: 'email', to: target.to, ...escalationMail(language, { ...facts, link }) }, tx);
      else await ctx.outbox.send({ channel: 'sms', to: target.to, body: escalationSms(language, { ...facts, link }) }, tx);
      await log({ userUid: uid, username, channel, outcome: 'sent', reason: null, to: target.to });
    }
  }
  const left = await tx.db.selectFrom('escalation_steps').select('id').where('escalation_id', '=', step.escalation_id).where('state', '=', 'due').limit(1).executeTakeFirst();
  if (!left) await tx.db.updateTable('escalations').set({ state: 'done' }).where('id', '=', step.escalation_id).where('state', '=', 'open').execute();
  return true;
}
