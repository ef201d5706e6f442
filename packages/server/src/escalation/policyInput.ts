import * as z from 'zod/mini';
import { roles } from '@varde/core/contract';
import { accountByEmail, accountByUid } from '../auth/accounts.js';
import { canSeeSite } from '../controllers/visibleSites.js';
import { FieldProblems, parseNamingEach } from '../http/fieldProblems.js';
import { partnerOfUser } from '../partners/partnerScope.js';
import type { CloudServices } from '../services.js';
import type { ScheduleStore } from '../oncall/scheduleStore.js';
import type { Policy, PolicyStep, StepTarget } from './policy.js';

export const MAX_STEPS = 20;
export const MAX_DELAY_MINUTES = 1440;
export const MAX_REPEAT = 10;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const minutes = (max: number) => z.number().check(z.int(), z.minimum(0, `must be 0 to ${max} minutes`), z.maximum(max, `must be 0 to ${max} minutes`));

const policyBody = z.object({
  name: text(80),
  sites: z.optional(z.nullable(z.array(text(64)).check(z.maxLength(10_000)))),
  priorities: z.array(text(8)).check(z.minLength(1, 'name at least one alarm class (A, B, C)'), z.maxLength(20)),
  steps: z
    .array(
      z.object({
        afterMinutes: minutes(MAX_DELAY_MINUTES),
        targets: z.array(z.union([z.object({ user: text(320) }), z.object({ schedule: text(64) }), z.object({ backup: text(64) }), z.object({ role: z.enum(roles) })])).check(z.minLength(1, 'a step needs at least one target'), z.maxLength(50)),
        channels: z.array(z.enum(['sms', 'mail'])).check(z.minLength(1, 'a step needs at least one channel'), z.maxLength(2)),
      }),
    )
    .check(z.minLength(1, 'a policy needs at least one step'), z.maxLength(MAX_STEPS, `at most ${MAX_STEPS} steps`)),
  repeat: z.optional(minutes(MAX_REPEAT)),
  repeatAfterMinutes: z.optional(minutes(MAX_DELAY_MINUTES)),
});

export type PolicyInput = Pick<Policy, 'name' | 'sites' | 'priorities' | 'steps' | 'repeat' | 'repeatAfterMinutes'>;

type Ctx = Pick<CloudServices, 'db' | 'realtime'>;

/**
 * Checks a policy as sent and resolves it for storing, or throws 400 naming every wrong field (a
 * FieldProblemsError): shape (a step with no targets, a delay outside 0–1440, more than 20 steps), steps
 * out of order, people unknown or not of `partner`, schedules not of `partner`, sites the caller cannot
 * see. Nothing is stored before.
 */
export async function policyFromBody(ctx: Ctx, schedules: ScheduleStore, callerUid: string, partner: string, body: unknown): Promise<PolicyInput> {
  const parsed = parseNamingEach(policyBody, body ?? {});
  const problems = new FieldProblems();
  const steps: PolicyStep[] = [];
  for (const [index, step] of parsed.steps.entries()) {
    if (index > 0 && step.afterMinutes < parsed.steps[index - 1]!.afterMinutes) {
      problems.add(`steps.${index}.afterMinutes`, `comes before steps.${index - 1} (${parsed.steps[index - 1]!.afterMinutes} minutes): steps run in order`);
    }
    const targets: StepTarget[] = [];
    for (const [position, target] of step.targets.entries()) {
      const field = `steps.${index}.targets.${position}`;
      if ('user' in target) {
        const account = target.user.includes('@') ? await accountByEmail(ctx.db, target.user) : await accountByUid(ctx.db, target.user);
        if (!account) problems.add(`${field}.user`, `no user ${target.user}`);
        else if ((await partnerOfUser(ctx, account.uid)) !== partner) problems.add(`${field}.user`, `${target.user} is not a user of this policy's partner`);
        else targets.push({ user: account.uid });
      } else if ('role' in target) {
        targets.push({ role: target.role });
      } else {
        const [kind, id] = 'schedule' in target ? (['schedule', target.schedule] as const) : (['backup', target.backup] as const);
        const schedule = await schedules.get(id);
        if (!schedule || schedule.partner !== partner) problems.add(`${field}.${kind}`, `no schedule ${id} of this policy's partner`);
        else targets.push(kind === 'schedule' ? { schedule: schedule.id } : { backup: schedule.id });
      }
    }
    steps.push({ afterMinutes: step.afterMinutes, targets, channels: [...new Set(step.channels)] });
  }
  let sites: string[] | null = null;
  if (parsed.sites) {
    sites = [...new Set(parsed.sites)];
    for (const [index, site] of sites.entries()) if (!(await canSeeSite(ctx, callerUid, site))) problems.add(`sites.${index}`, `no site ${site} of yours`);
  }
  problems.throwIfAny();
  const priorities = [...new Set(parsed.priorities.map((priority) => priority.toUpperCase()))];
  return { name: parsed.name, sites, priorities, steps, repeat: parsed.repeat ?? 0, repeatAfterMinutes: parsed.repeatAfterMinutes ?? 5 };
}
