import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  acknowledgeAlarmBody,
  acknowledgeAlarmsBody,
  clearAlarmBody,
  commentAlarmBody,
  shelveAlarmBody,
  type AlarmAuditResponse,
  type AlarmRow,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { canSeeSite } from '../controllers/visibleSites.js';
import { callerOf, type Caller } from '../http/caller.js';
import { profileOfCaller } from '../http/callerProfile.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { alarmAuditOf } from './alarmAudit.js';
import { alarmStepsBy } from './alarmStepsBy.js';

type IdRequest = { Params: { id: string } };

/**
 * What operators do to an alarm of one of their sites (below the alarms service's prefix):
 * acknowledge (with a comment, one or many), comment, clear, shelve and unshelve, and read its
 * history. An alarm of a site the caller may not see answers 403 and changes nothing.
 */
export function registerAlarmLifecycleRoutes(api: FastifyInstance, ctx: CloudContext): void {
  /** The alarm when the caller may see its site: 404 when there is none, 403 when its site is not theirs (as sites answer). */
  async function alarmForCaller(caller: Caller, id: string): Promise<AlarmRow> {
    const alarm = await ctx.alarms.byId(id);
    if (!alarm) throw new HttpError(404, `No alarm ${id}`);
    if (!(await canSeeSite(ctx, caller, alarm.siteUuid))) throw new HttpError(403, `Alarm ${id} is not on a site of yours`);
    return alarm;
  }
  // History and the table name people by e-mail, as the acknowledgement always has.
  const nameOf = async (caller: Caller) => (await profileOfCaller(ctx, caller)).email;
  // Who did it, from where, in the change's own transaction; the record is the operator's partner's.
  const auditOf = async (request: FastifyRequest) => alarmAuditOf(request, (await profileOfCaller(ctx, callerOf(request))).partner);

  /** POST /alarms/{id}/acknowledge {comment?}: acknowledging twice keeps the first one. */
  api.post<IdRequest>('/alarms/:id/acknowledge', async (request) => {
    const caller = callerOf(request);
    const alarm = await alarmForCaller(caller, request.params.id);
    const { comment } = parseWith(acknowledgeAlarmBody, request.body ?? {});
    return { data: await ctx.alarms.acknowledge(alarm.id, await nameOf(caller), comment, await auditOf(request)) };
  });

  /** POST /alarms/acknowledge {ids, comment?}: bulk; all or nothing, so one unknown id changes none. */
  api.post('/alarms/acknowledge', async (request) => {
    const caller = callerOf(request);
    const { ids, comment } = parseWith(acknowledgeAlarmsBody, request.body);
    const alarms: AlarmRow[] = [];
    // Every id is checked before any is acknowledged.
    for (const id of new Set(ids)) alarms.push(await alarmForCaller(caller, id));
    const by = await nameOf(caller);
    const audit = await auditOf(request);
    const acknowledged: AlarmRow[] = [];
    for (const alarm of alarms) acknowledged.push((await ctx.alarms.acknowledge(alarm.id, by, comment, audit))!);
    return { data: acknowledged };
  });

  /** POST /alarms/{id}/comments {comment}: a note in the alarm's history. */
  api.post<IdRequest>('/alarms/:id/comments', async (request, reply) => {
    const caller = callerOf(request);
    const alarm = await alarmForCaller(caller, request.params.id);
    const { comment } = parseWith(commentAlarmBody, request.body);
    reply.code(201);
    return { data: await ctx.alarms.comment(alarm.id, await nameOf(caller), comment) };
  });

  /** POST /alarms/{id}/clear {comment?}: the operator declares the condition over. */
  api.post<IdRequest>('/alarms/:id/clear', async (request) => {
    const caller = callerOf(request);
    const alarm = await alarmForCaller(caller, request.params.id);
    const { comment } = parseWith(clearAlarmBody, request.body ?? {});
    return { data: await ctx.alarms.clearBy(alarm.id, await nameOf(caller), comment, await auditOf(request)) };
  });

  /** POST /alarms/{id}/shelve {minutes, comment?}: hidden from the table until then (shelving again moves the time). */
  api.post<IdRequest>('/alarms/:id/shelve', async (request) => {
    const caller = callerOf(request);
    const alarm = await alarmForCaller(caller, request.params.id);
    const { minutes, comment } = parseWith(shelveAlarmBody, request.body);
    return { data: await ctx.alarms.shelve(alarm.id, await nameOf(caller), ctx.clock.now() + minutes * 60_000, comment, await auditOf(request)) };
  });

  /** POST /alarms/{id}/unshelve: back in the table now. */
  api.post<IdRequest>('/alarms/:id/unshelve', async (request) => {
    const caller = callerOf(request);
    const alarm = await alarmForCaller(caller, request.params.id);
    return { data: await ctx.alarms.unshelve(alarm.id, await nameOf(caller), await auditOf(request)) };
  });

  /** GET /alarms/{id}/audit: who last acknowledged, cleared and shelved it, from the audit log (the alarm details). */
  api.get<IdRequest>('/alarms/:id/audit', async (request): Promise<AlarmAuditResponse> => {
    const alarm = await alarmForCaller(callerOf(request), request.params.id);
    return { data: await alarmStepsBy(ctx.db, alarm.id) };
  });

  /** GET /alarms/{id}/history: who did what, when; oldest first. */
  api.get<IdRequest>('/alarms/:id/history', async (request) => {
    const caller = callerOf(request);
    const alarm = await alarmForCaller(caller, request.params.id);
    return { data: await ctx.alarms.history(alarm.id) };
  });
}
