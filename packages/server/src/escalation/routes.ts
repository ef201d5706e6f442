import type { FastifyInstance } from 'fastify';
import { servicePathPrefix } from '@varde/core/contract';
import type { AlarmService } from '../alarms/alarmStore.js';
import { canSeeSite } from '../controllers/visibleSites.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import type { ScheduleStore } from '../oncall/scheduleStore.js';
import { emailsOf } from '../oncall/presentSchedule.js';
import { partnerScopeOf, sees, type PartnerScope } from '../partners/partnerScope.js';
import type { CloudServices } from '../services.js';
import { loadActor } from '../users/actor.js';
import { escalationLogOf } from './escalationLog.js';
import type { Policy } from './policy.js';
import { policyFromBody } from './policyInput.js';
import type { PolicyStore } from './policyStore.js';
import { recordChangeBy } from '../audit/recordAudit.js';
import { inTransaction } from '../storage/transaction.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'> & { alarms: AlarmService };
type PolicyParams = { Params: { policyId: string } };

const EDITING_MODULES = ['notifications', 'users'] as const;

/** A policy as the API answers it: users by e-mail, schedules by id. */
async function presentPolicies(ctx: Ctx, policies: Policy[]) {
  const emails = await emailsOf(ctx.db, policies.flatMap((policy) => policy.steps.flatMap((step) => step.targets.flatMap((target) => ('user' in target ? [target.user] : [])))));
  return policies.map((policy) => ({
    id: policy.id,
    name: policy.name,
    sites: policy.sites,
    priorities: policy.priorities,
    steps: policy.steps.map((step) => ({ ...step, targets: step.targets.map((target) => ('user' in target ? { user: emails.get(target.user)! } : target)) })),
    repeat: policy.repeat,
    repeatAfterMinutes: policy.repeatAfterMinutes,
    updatedAt: new Date(policy.updatedAt).toISOString(),
  }));
}

/**
 * Escalation policies on the alarms service (issue 35), as on-call schedules: a partner's, read by anyone
 * of it and changed by those who may change notification rules; another partner's answers 404. And an
 * alarm's escalation log (what each step sent, skipped or stopped), for whoever sees the alarm's site.
 */
export function registerEscalationRoutes(app: FastifyInstance, ctx: Ctx, policies: PolicyStore, schedules: ScheduleStore): void {
  async function requireEditor(uid: string): Promise<void> {
    const actor = await loadActor(ctx, uid);
    if (actor.systemAdmin) return;
    for (const module of EDITING_MODULES) if (await actor.hasModule(module)) return;
    throw new HttpError(403, 'You need the notifications or users module to change escalation policies');
  }
  async function visiblePolicy(scope: PartnerScope, id: string): Promise<Policy> {
    const policy = await policies.get(id);
    if (!policy || !sees(scope, policy.partner)) throw new HttpError(404, `No escalation policy ${id}`);
    return policy;
  }
  const present = async (policy: Policy) => (await presentPolicies(ctx, [policy]))[0]!;

  void app.register(
    async (api) => {
      api.get('/escalations/policies', async (request) => {
        const scope = await partnerScopeOf(ctx, callerOf(request).uid);
        return { data: await presentPolicies(ctx, await policies.list(scope.all ? null : scope.partner)) };
      });

      /** POST /escalations/policies {name, sites?, priorities, steps, repeat?, repeatAfterMinutes?}: 201. */
      api.post('/escalations/policies', async (request, reply) => {
        const { uid } = callerOf(request);
        await requireEditor(uid);
        const scope = await partnerScopeOf(ctx, uid);
        const input = await policyFromBody(ctx, schedules, uid, scope.partner, request.body);
        const created = await inTransaction(ctx.db, async (tx) => {
          const made = await policies.create(scope.partner, uid, input, tx);
          await recordChangeBy(tx, request, { partnerId: scope.partner, action: 'escalation-policy.create', objectKind: 'escalation-policy', objectId: made.id, summary: `Created escalation policy "${made.name}", ${made.steps.length} steps` });
          return made;
        });
        return reply.code(201).send(await present(created));
      });

      api.get<PolicyParams>('/escalations/policies/:policyId', async (request) => {
        const scope = await partnerScopeOf(ctx, callerOf(request).uid);
        return present(await visiblePolicy(scope, request.params.policyId));
      });

      /** PUT replaces the policy whole; escalations already started keep their due times and read its steps when each is due. */
      api.put<PolicyParams>('/escalations/policies/:policyId', async (request) => {
        const { uid } = callerOf(request);
        const policy = await visiblePolicy(await partnerScopeOf(ctx, uid), request.params.policyId);
        await requireEditor(uid);
        const input = await policyFromBody(ctx, schedules, uid, policy.partner, request.body);
        await inTransaction(ctx.db, async (tx) => {
          if (await policies.replace(policy.id, input, tx)) await recordChangeBy(tx, request, { partnerId: policy.partner, action: 'escalation-policy.update', objectKind: 'escalation-policy', objectId: policy.id, summary: `Replaced escalation policy "${input.name}", ${input.steps.length} steps` });
        });
        return present((await policies.get(policy.id))!);
      });

      /** DELETE: escalations it started stop at their next due step (logged as policy-deleted). */
      api.delete<PolicyParams>('/escalations/policies/:policyId', async (request, reply) => {
        const { uid } = callerOf(request);
        const policy = await visiblePolicy(await partnerScopeOf(ctx, uid), request.params.policyId);
        await requireEditor(uid);
        await inTransaction(ctx.db, async (tx) => {
          if (await policies.remove(policy.id, tx)) await recordChangeBy(tx, request, { partnerId: policy.partner, action: 'escalation-policy.delete', objectKind: 'escalation-policy', objectId: policy.id, summary: `Deleted escalation policy "${policy.name}"` });
        });
        return reply.code(204).send();
      });

      /** GET /escalations/alarms/{id}: the alarm's escalation log, oldest first (empty when none started). */
      api.get<{ Params: { id: string } }>('/escalations/alarms/:id', async (request) => {
        const { uid } = callerOf(request);
        const alarm = await ctx.alarms.byId(request.params.id);
        if (!alarm) throw new HttpError(404, `No alarm ${request.params.id}`);
        if (!(await canSeeSite(ctx, uid, alarm.siteUuid))) throw new HttpError(403, `Alarm ${alarm.id} is not on a site of yours`);
        const lines = await escalationLogOf(ctx.db, alarm.id);
        return { data: lines.map((line) => ({ ...line, at: new Date(line.at).toISOString() })) };
      });
    },
    { prefix: servicePathPrefix('alarms') },
  );
}
