import type { FastifyInstance } from 'fastify';
import { servicePathPrefix } from '@varde/core/contract';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import type { ScheduleStore } from '../oncall/scheduleStore.js';
import { scheduleFromBody } from '../oncall/scheduleInput.js';
import { partnerScopeOf } from '../partners/partnerScope.js';
import type { CloudServices } from '../services.js';
import { loadActor } from '../users/actor.js';
import { policyFromBody } from './policyInput.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'>;

/** The modules that may change schedules and policies (as their routes): a check says as much as a write would. */
const EDITING_MODULES = ['notifications', 'users'] as const;

/**
 * Checks without storing (issue 35, for `varde schedules apply` and `varde escalations apply`, which check
 * a whole file before writing any of it): `POST /oncall/schedules/check` and `POST /escalations/policies/check`
 * take what POST /oncall/schedules and POST /escalations/policies take and answer 200 `{ok: true}`, or the
 * same 400 naming the field that a write would answer. Nothing is stored, nothing is audited.
 */
export function registerApplyCheckRoutes(app: FastifyInstance, ctx: Ctx, schedules: ScheduleStore): void {
  async function editorScope(uid: string) {
    const actor = await loadActor(ctx, uid);
    let may = actor.systemAdmin;
    for (const module of EDITING_MODULES) may ||= await actor.hasModule(module);
    if (!may) throw new HttpError(403, 'You need the notifications or users module to change on-call schedules and escalation policies');
    return partnerScopeOf(ctx, uid);
  }

  void app.register(
    async (api) => {
      api.post('/oncall/schedules/check', async (request) => {
        const { uid } = callerOf(request);
        const scope = await editorScope(uid);
        await scheduleFromBody(ctx, uid, scope.partner, request.body);
        return { ok: true };
      });

      api.post('/escalations/policies/check', async (request) => {
        const { uid } = callerOf(request);
        const scope = await editorScope(uid);
        await policyFromBody(ctx, schedules, uid, scope.partner, request.body);
        return { ok: true };
      });
    },
    { prefix: servicePathPrefix('alarms') },
  );
}
