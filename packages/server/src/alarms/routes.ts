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
import { accountByEmail } from '../auth/accounts.js';
import { insertSite } from '../controllers/sites.js';
import { userPath } from '../users/profiles.js';
import { profileOf, siteForCaller, visibleSites } from '../controllers/visibleSites.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { setSiteConnection } from '../simulation/siteStatus.js';
import { registerAlarmLifecycleRoutes } from './lifecycleRoutes.js';

const siteConnectionBody = z.object({ webpmpReady: z.nullable(z.boolean()) });

/**
 * The alarms service, at /cloud/alarms: the caller's alarms (CLI, scripts), what operators do to them
 * (lifecycleRoutes.ts: acknowledge, comment, clear, shelve, history), and
 * the simulation's controls for system admins (browser tests raise alarms through these).
 */
export function registerAlarmRoutes(app: FastifyInstance, ctx: CloudContext): void {
  function requireSystemAdmin(uid: string): void {
    if (!profileOf(ctx, uid)?.systemAdmin) throw new HttpError(403, 'Only a system admin may drive the simulation');
  }

  void app.register(
    async (api) => {
      /** GET /alarms: alarms of the caller's sites, newest first (filters: site, class, active, state, since). */
      api.get('/alarms', async (request): Promise<ListAlarmsResponse> => {
        const { uid } = callerOf(request);
        const query = parseWith(listAlarmsQuery, request.query ?? {});
        let sites = visibleSites(ctx, uid);
        if (query.site !== undefined) {
          const wanted = query.site.toLowerCase();
          sites = sites.filter((site) => site.uuid === query.site || site.name.toLowerCase() === wanted);
        }
        const rows = ctx.alarms.list({
          siteUuids: sites.map((site) => site.uuid),
          ...(query.class !== undefined ? { alarmGroup: query.class } : {}),
          ...(query.active !== undefined ? { active: query.active === 'true' } : {}),
          ...(query.state !== undefined ? { state: query.state } : {}),
          ...(query.since !== undefined ? { changedAfter: query.since } : {}),
        });
        return { data: rows.slice(0, query.limit ?? 1000) };
      });

      registerAlarmLifecycleRoutes(api, ctx);

      api.get('/simulation', async (request): Promise<SimulationState> => {
        requireSystemAdmin(callerOf(request).uid);
        return ctx.simulation.state();
      });

      /** PUT /simulation {running}: pause the demo (browser tests) or let it run. */
      api.put('/simulation', async (request): Promise<SimulationState> => {
        requireSystemAdmin(callerOf(request).uid);
        const { running } = parseWith(setSimulationBody, request.body);
        if (running) ctx.simulation.start();
        else ctx.simulation.stop();
        return ctx.simulation.state();
      });

      /** POST /simulation/step {steps}: run steps now. */
      api.post('/simulation/step', async (request) => {
        requireSystemAdmin(callerOf(request).uid);
        const { steps } = parseWith(stepSimulationBody, request.body);
        const events = ctx.simulation.step(steps);
        return { ...ctx.simulation.state(), events };
      });

      /** POST /simulation/alarms: raise an alarm on a site now (re-triggers an active one on the tag). */
      api.post('/simulation/alarms', async (request, reply) => {
        const { uid } = callerOf(request);
        requireSystemAdmin(uid);
        const body = parseWith(raiseAlarmBody, request.body);
        siteForCaller(ctx, uid, body.siteUuid);
        reply.code(201);
        return { data: ctx.alarms.raise(body) };
      });

      /** POST /simulation/alarms/{id}/clear: the alarm's condition is over. */
      api.post<{ Params: { id: string } }>('/simulation/alarms/:id/clear', async (request) => {
        requireSystemAdmin(callerOf(request).uid);
        const row = ctx.alarms.clear(request.params.id);
        if (!row) throw new HttpError(404, `No alarm ${request.params.id}`);
        return { data: row };
      });

      /** POST /simulation/sites: a new controller joins the cloud; the listed users get it. */
      api.post('/simulation/sites', async (request, reply) => {
        requireSystemAdmin(callerOf(request).uid);
        const body = parseWith(createSimulatedSiteBody, request.body);
        const accounts = body.grantTo.map((email) => {
          const account = accountByEmail(ctx.db, email);
          if (!account) throw new HttpError(404, `No user ${email}`);
          return account;
        });
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
        insertSite(ctx.db, site);
        setSiteConnection(ctx, uuid, site.webpmpReady);
        for (const account of accounts) ctx.realtime.set(`${userPath(account.uid)}/controllers/${uuid}`, true);
        reply.code(201);
        return { data: site };
      });

      /** POST /simulation/sites/{id}/connection {webpmpReady}: a site connects, drops off or becomes unavailable. */
      api.post<{ Params: { id: string } }>('/simulation/sites/:id/connection', async (request) => {
        const { uid } = callerOf(request);
        requireSystemAdmin(uid);
        const site = siteForCaller(ctx, uid, request.params.id);
        const { webpmpReady } = parseWith(siteConnectionBody, request.body);
        setSiteConnection(ctx, site.uuid, webpmpReady);
        return { data: { ...site, webpmpReady } };
      });
    },
    { prefix: servicePathPrefix('alarms') },
  );
}
