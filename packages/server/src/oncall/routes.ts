import type { FastifyInstance } from 'fastify';
import { servicePathPrefix } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { siteForCaller } from '../controllers/visibleSites.js';
import { partnerScopeOf, sees, type PartnerScope } from '../partners/partnerScope.js';
import { loadActor } from '../users/actor.js';
import { scheduleFromBody } from './scheduleInput.js';
import type { Schedule } from './schedule.js';
import type { ScheduleStore } from './scheduleStore.js';
import { emailsOf, presentSchedules, presentSpans } from './presentSchedule.js';
import { onCallAt, onCallBetween } from './whoIsOnCall.js';
import { recordChangeBy } from '../audit/recordAudit.js';
import { inTransaction } from '../storage/transaction.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'>;
type ScheduleParams = { Params: { scheduleId: string } };

/** The timeline route's longest window (a quarter: what a rota screen or a calendar export looks at). */
export const MAX_TIMELINE_DAYS = 92;
const DAY_MS = 86_400_000;

/** Modules that may change schedules: the same as notification rules' (rules/ruleAccess.ts). */
const EDITING_MODULES = ['notifications', 'users'] as const;

/** An instant from a query (`2026-03-29T02:00:00+02:00`, `…Z` or ms since the epoch), or `fallback` when absent. */
export function instantFrom(field: string, value: unknown, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const text = String(value);
  const parsed = /^\d+$/.test(text) ? Number(text) : /(?:Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(parsed)) throw new HttpError(400, `${field}: must be a date and time with its offset (2026-03-29T02:00:00+02:00) or ms since the epoch`);
  return parsed;
}

/**
 * On-call schedules on the alarms service (issue 35): a partner's schedules, read by anyone of the
 * partner and changed by those who may change notification rules; "who is on call for a site at a
 * time"; a schedule's timeline. Another partner's schedule answers 404 as if it did not exist.
 */
export function registerOnCallRoutes(app: FastifyInstance, ctx: Ctx, store: ScheduleStore): void {
  async function requireEditor(uid: string): Promise<void> {
    const actor = await loadActor(ctx, uid);
    if (actor.systemAdmin) return;
    for (const module of EDITING_MODULES) if (await actor.hasModule(module)) return;
    throw new HttpError(403, 'You need the notifications or users module to change on-call schedules');
  }

  async function visibleSchedule(scope: PartnerScope, id: string): Promise<Schedule> {
    const schedule = await store.get(id);
    if (!schedule || !sees(scope, schedule.partner)) throw new HttpError(404, `No schedule ${id}`);
    return schedule;
  }

  const present = async (schedule: Schedule) => (await presentSchedules(ctx.db, [schedule]))[0]!;

  void app.register(
    async (api) => {
      /** GET /oncall/schedules: the caller's partner's schedules (a system admin: every partner's). */
      api.get('/oncall/schedules', async (request) => {
        const scope = await partnerScopeOf(ctx, callerOf(request).uid);
        return { data: await presentSchedules(ctx.db, await store.list(scope.all ? null : scope.partner)) };
      });

      /** POST /oncall/schedules {name, timeZone, sites?, layers, overrides?}: a new schedule of the caller's partner (201). */
      api.post('/oncall/schedules', async (request, reply) => {
        const { uid } = callerOf(request);
        await requireEditor(uid);
        const scope = await partnerScopeOf(ctx, uid);
        const input = await scheduleFromBody(ctx, uid, scope.partner, request.body);
        const created = await inTransaction(ctx.db, async (tx) => {
          const made = await store.create(scope.partner, input, tx);
          await recordChangeBy(tx, request, { partnerId: scope.partner, action: 'schedule.create', objectKind: 'schedule', objectId: made.id, summary: `Created on-call schedule "${made.name}"` });
          return made;
        });
        return reply.code(201).send(await present(created));
      });

      api.get<ScheduleParams>('/oncall/schedules/:scheduleId', async (request) => {
        const scope = await partnerScopeOf(ctx, callerOf(request).uid);
        return present(await visibleSchedule(scope, request.params.scheduleId));
      });

      /** PUT /oncall/schedules/{id}: the schedule becomes exactly the body (same checks as a new one). */
      api.put<ScheduleParams>('/oncall/schedules/:scheduleId', async (request) => {
        const { uid } = callerOf(request);
        const scope = await partnerScopeOf(ctx, uid);
        const schedule = await visibleSchedule(scope, request.params.scheduleId);
        await requireEditor(uid);
        const input = await scheduleFromBody(ctx, uid, schedule.partner, request.body);
        await inTransaction(ctx.db, async (tx) => {
          if (!(await store.replace(schedule.id, input, tx))) throw new HttpError(404, `No schedule ${schedule.id}`);
          await recordChangeBy(tx, request, { partnerId: schedule.partner, action: 'schedule.update', objectKind: 'schedule', objectId: schedule.id, summary: `Replaced on-call schedule "${input.name}"` });
        });
        return present((await store.get(schedule.id))!);
      });

      api.delete<ScheduleParams>('/oncall/schedules/:scheduleId', async (request, reply) => {
        const { uid } = callerOf(request);
        const scope = await partnerScopeOf(ctx, uid);
        const schedule = await visibleSchedule(scope, request.params.scheduleId);
        await requireEditor(uid);
        await inTransaction(ctx.db, async (tx) => {
          if (await store.remove(schedule.id, tx)) await recordChangeBy(tx, request, { partnerId: schedule.partner, action: 'schedule.delete', objectKind: 'schedule', objectId: schedule.id, summary: `Deleted on-call schedule "${schedule.name}"` });
        });
        return reply.code(204).send();
      });

      /** GET /oncall/schedules/{id}/timeline?from&to: who is on call when (default: the next 14 days). */
      api.get<ScheduleParams & { Querystring: { from?: string; to?: string } }>('/oncall/schedules/:scheduleId/timeline', async (request) => {
        const scope = await partnerScopeOf(ctx, callerOf(request).uid);
        const schedule = await visibleSchedule(scope, request.params.scheduleId);
        const from = instantFrom('from', request.query.from, ctx.clock.now());
        const to = instantFrom('to', request.query.to, from + 14 * DAY_MS);
        if (to <= from) throw new HttpError(400, 'to: must be after from');
        if (to - from > MAX_TIMELINE_DAYS * DAY_MS) throw new HttpError(400, `to: at most ${MAX_TIMELINE_DAYS} days after from`);
        return { schedule: { id: schedule.id, name: schedule.name, timeZone: schedule.timeZone }, data: await presentSpans(ctx.db, onCallBetween(schedule, from, to)) };
      });

      /**
       * GET /oncall/who?site=S&at=T: for each of the caller's partner's schedules that covers the site,
       * who is on call at T (default now), why (override or layer) and until when; nobody is `user: null`.
       */
      api.get<{ Querystring: { site?: string; at?: string } }>('/oncall/who', async (request) => {
        const { uid } = callerOf(request);
        if (!request.query.site) throw new HttpError(400, 'site: the site uuid is required');
        const site = await siteForCaller(ctx, uid, request.query.site);
        const at = instantFrom('at', request.query.at, ctx.clock.now());
        const scope = await partnerScopeOf(ctx, uid);
        const schedules = await store.coveringSite(scope.partner, site.uuid);
        const answers = schedules.map((schedule) => ({ schedule, onCall: onCallAt(schedule, at) }));
        const emails = await emailsOf(ctx.db, answers.flatMap((answer) => (answer.onCall ? [answer.onCall.userUid] : [])));
        return {
          site: site.uuid,
          at: new Date(at).toISOString(),
          data: answers.map(({ schedule, onCall }) => ({
            schedule: { id: schedule.id, name: schedule.name },
            user: onCall ? emails.get(onCall.userUid)! : null,
            uid: onCall?.userUid ?? null,
            ...(onCall
              ? { source: onCall.source, ...(onCall.layer === undefined ? {} : { layer: onCall.layer }), from: new Date(onCall.from).toISOString(), until: Number.isFinite(onCall.until) ? new Date(onCall.until).toISOString() : null }
              : {}),
          })),
        };
      });
    },
    { prefix: servicePathPrefix('alarms') },
  );
}
