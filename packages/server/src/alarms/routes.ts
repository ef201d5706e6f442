import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { randomUUID } from 'node:crypto';
import {
  createSimulatedSiteBody,
  listAlarmsQuery,
  raiseAlarmBody,
  servicePathPrefix,
  setSimulationBody,
  stepSimulationBody,
  type ListAlarmsResponse,
  type SimulationState,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { accountByEmail, type AccountRecord } from '../auth/accounts.js';
import { insertSite } from '../controllers/sites.js';
import { userPath } from '../users/profiles.js';
import { siteForCaller, visibleSiteScope, visibleSites } from '../controllers/visibleSites.js';
import { callerOf, type Caller } from '../http/caller.js';
import { profileOfCaller } from '../http/callerProfile.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { setSiteConnection } from '../simulation/siteStatus.js';
import { inTransaction } from '../storage/transaction.js';
import { registerAlarmLifecycleRoutes } from './lifecycleRoutes.js';

const siteConnectionBody = z.object({ webpmpReady: z.nullable(z.boolean()) });

/**
 * The alarms service, at /cloud/alarms: the caller's alarms (CLI, scripts), what operators do to them
 * (lifecycleRoutes.ts: acknowledge, comment, clear, shelve, history), and
 * the simulation's controls for system admins (browser tests raise alarms through these).
 */
export function registerAlarmRoutes(app: FastifyInstance, ctx: CloudContext): void {
  /**
   * The sites whose alarms GET /alarms lists: those the caller may see (null: every site, so a system
   * admin's query lists no uuids), or of those the one `site` names by uuid or by name.
   */
  async function alarmSites(caller: Caller, site: string | undefined): Promise<readonly string[] | null> {
    if (site === undefined) return visibleSiteScope(ctx, caller);
    const wanted = site.toLowerCase();
    return (await visibleSites(ctx, caller)).filter((item) => item.uuid === site || item.name.toLowerCase() === wanted).map((item) => item.uuid);
  }

  async function requireSystemAdmin(caller: Caller): Promise<void> {
    if (!(await profileOfCaller(ctx, caller)).systemAdmin) throw new HttpError(403, 'Only a system admin may drive the simulation');
  }

  void app.register(
    async (api) => {
      /** GET /alarms: alarms of the caller's sites, newest first (filters: site, class, active, state, since). */
      api.get('/alarms', async (request): Promise<ListAlarmsResponse> => {
        const query = parseWith(listAlarmsQuery, request.query ?? {});
        const rows = await ctx.alarms.list({
          siteUuids: await alarmSites(callerOf(request), query.site),
          ...(query.class !== undefined ? { alarmGroup: query.class } : {}),
          ...(query.active !== undefined ? { active: query.active === 'true' } : {}),
          ...(query.state !== undefined ? { state: query.state } : {}),
          ...(query.since !== undefined ? { changedAfter: query.since } : {}),
        });
        return { data: rows.slice(0, query.limit ?? 1000) };
      });

      registerAlarmLifecycleRoutes(api, ctx);

      /** GET /simulation: whether the cluster runs the simulation (on its leader), and this node's steps. */
      api.get('/simulation', async (request): Promise<SimulationState> => {
        await requireSystemAdmin(callerOf(request));
        return { running: await ctx.simulationSwitch.wanted(), steps: ctx.simulation.state().steps };
      });

      /** PUT /simulation {running}: pause the demo (browser tests) or let it run, on whichever node leads. */
      api.put('/simulation', async (request): Promise<SimulationState> => {
        await requireSystemAdmin(callerOf(request));
        const { running } = parseWith(setSimulationBody, request.body);
        await ctx.simulationSwitch.set(running);
        await ctx.simulationSwitch.apply();
        return { running, steps: ctx.simulation.state().steps };
      });

      /** POST /simulation/step {steps}: run steps now. */
      api.post('/simulation/step', async (request) => {
        await requireSystemAdmin(callerOf(request));
        const { steps } = parseWith(stepSimulationBody, request.body);
        const events = await ctx.simulation.step(steps);
        return { ...ctx.simulation.state(), events };
      });

      /** POST /simulation/alarms: raise an alarm on a site now (re-triggers an active one on the tag). */
      api.post('/simulation/alarms', async (request, reply) => {
        const caller = callerOf(request);
        await requireSystemAdmin(caller);
        const body = parseWith(raiseAlarmBody, request.body);
        await siteForCaller(ctx, caller, body.siteUuid);
        reply.code(201);
        return { data: await ctx.alarms.raise(body) };
      });

      /** POST /simulation/alarms/{id}/clear: the alarm's condition is over. */
      api.post<{ Params: { id: string } }>('/simulation/alarms/:id/clear', async (request) => {
        await requireSystemAdmin(callerOf(request));
        const row = await ctx.alarms.clear(request.params.id);
        if (!row) throw new HttpError(404, `No alarm ${request.params.id}`);
        return { data: row };
      });

      /** POST /simulation/sites: a new controller joins the cloud; the listed users get it. */
      api.post('/simulation/sites', async (request, reply) => {
        await requireSystemAdmin(callerOf(request));
        const body = parseWith(createSimulatedSiteBody, request.body);
        const accounts: AccountRecord[] = [];
        for (const email of body.grantTo) {
          const account = await accountByEmail(ctx.db, email);
          if (!account) throw new HttpError(404, `No user ${email}`);
          accounts.push(account);
        }
        const uuid = randomUUID();
        const site = {
          uuid,
          name: body.name,
          hostname: body.hostname ?? `${uuid.slice(0, 8)}.sites.varde.test`,
          version: body.version,
          webpmpReady: body.webpmpReady,
          latitude: body.latitude,
          longitude: body.longitude,
        };
        // The site, its status tags and its grants appear together.
        await inTransaction(ctx.db, async (tx) => {
          await insertSite(tx.db, site);
          await setSiteConnection(ctx, uuid, site.webpmpReady, tx);
          for (const account of accounts) await ctx.realtime.set(`${userPath(account.uid)}/controllers/${uuid}`, true, tx);
        });
        reply.code(201);
        return { data: site };
      });

      /** POST /simulation/sites/{id}/connection {webpmpReady}: a site connects, drops off or becomes unavailable. */
      api.post<{ Params: { id: string } }>('/simulation/sites/:id/connection', async (request) => {
        const caller = callerOf(request);
        await requireSystemAdmin(caller);
        const site = await siteForCaller(ctx, caller, request.params.id);
        const { webpmpReady } = parseWith(siteConnectionBody, request.body);
        await setSiteConnection(ctx, site.uuid, webpmpReady);
        return { data: { ...site, webpmpReady } };
      });
    },
    { prefix: servicePathPrefix('alarms') },
  );
}
