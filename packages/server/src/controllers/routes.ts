import type { FastifyInstance } from 'fastify';
import {
  listControllersQuery,
  servicePathPrefix,
  type AlarmReportResponse,
  type ListControllersResponse,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { callerOf } from '../http/caller.js';
import { parseWith } from '../http/parseWith.js';
import { siteForCaller, siteListPage } from './visibleSites.js';

/** controllers-api, at /cloud/controllers-api (and at controllers-api.<domain>). */
export function registerControllerRoutes(app: FastifyInstance, ctx: CloudContext): void {
  void app.register(
    async (api) => {
      /**
       * GET /controllers: the caller's sites, by name. With no query at all every visible site in
       * one `{data}` (public clients of the real cloud rely on that); offset/limit page it.
       */
      api.get('/controllers', async (request): Promise<ListControllersResponse> => {
        const query = parseWith(listControllersQuery, request.query ?? {});
        const list = query.controllers === 'adminControllers' ? 'adminControllers' : 'controllers';
        const page = await siteListPage(ctx, callerOf(request), list, query.offset ?? 0, query.limit);
        const withRules = query.rules?.toLowerCase() === 'true';
        const counts = withRules ? await ctx.rules.store.counts() : null;
        return { data: counts ? page.map((site) => ({ ...site, rules: counts.get(site.uuid) ?? 0 })) : page };
      });

      /** GET /controllers/{id}: one site of the caller's (the portal's site page). */
      api.get<{ Params: { id: string } }>('/controllers/:id', async (request) => ({
        data: await siteForCaller(ctx, callerOf(request), request.params.id),
      }));

      /** GET /controllers/{id}/alarmReport: the site's latest alarm and its unacknowledged count. */
      api.get<{ Params: { id: string } }>('/controllers/:id/alarmReport', async (request): Promise<AlarmReportResponse> => {
        const site = await siteForCaller(ctx, callerOf(request), request.params.id);
        return { data: await ctx.alarms.report(site.uuid) };
      });
    },
    { prefix: servicePathPrefix('controllers-api') },
  );
}
