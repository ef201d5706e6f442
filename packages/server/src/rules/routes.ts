import type { FastifyInstance } from 'fastify';
import {
  notificationRulesBody,
  servicePathPrefix,
  type NotificationRulesBody,
  type RuleTestResult,
} from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { requireKnownRuleUsers, requireRuleAccess, ruleUserCandidates } from './ruleAccess.js';
import type { RuleStore } from './ruleStore.js';
import { sendRuleTest } from './ruleTest.js';

type Params = { Params: { id: string } };

/**
 * Notification rules on controllers-api: read, replace and delete a site's rules, list the users a
 * rule may name, and test a rule (a real e-mail and SMS through the outbox).
 */
export function registerRuleRoutes(app: FastifyInstance, ctx: CloudServices, store: RuleStore): void {
  void app.register(
    async (api) => {
      /** GET /controllers/{id}/notificationrules: the site's rules (decision: the spec shows no read call). */
      api.get<Params>('/controllers/:id/notificationrules', async (request): Promise<NotificationRulesBody> => {
        const { site } = requireRuleAccess(ctx, callerOf(request).uid, request.params.id);
        return { rules: store.rulesOf(site.uuid) };
      });

      /** POST /controllers/{id}/notificationrules {rules}: the site's rules become exactly `rules`. */
      api.post<Params>('/controllers/:id/notificationrules', async (request): Promise<NotificationRulesBody> => {
        const { actor, site } = requireRuleAccess(ctx, callerOf(request).uid, request.params.id);
        const { rules } = parseWith(notificationRulesBody, request.body ?? {});
        requireKnownRuleUsers(ctx, actor, site.uuid, rules, store.rulesOf(site.uuid));
        store.replace(site.uuid, rules);
        return { rules: store.rulesOf(site.uuid) };
      });

      /** DELETE /controllers/{id}/notificationrules: every rule of the site; repeating it changes nothing. */
      api.delete<Params>('/controllers/:id/notificationrules', async (request): Promise<NotificationRulesBody> => {
        const { site } = requireRuleAccess(ctx, callerOf(request).uid, request.params.id);
        store.deleteAll(site.uuid);
        return { rules: {} };
      });

      /** GET /controllers/{id}/notificationusers: whom the caller may put in this site's rules. */
      api.get<Params>('/controllers/:id/notificationusers', async (request) => {
        const { actor, site } = requireRuleAccess(ctx, callerOf(request).uid, request.params.id);
        return { data: ruleUserCandidates(ctx, actor, site.uuid, store.rulesOf(site.uuid)) };
      });

      /**
       * GET /controllers/{id}/notificationtest/{ruleId}: 200 when a test e-mail and SMS went to every
       * user; 500 with `{status, data: {error: {code, message}}}` when one cannot be reached — a
       * business answer the portal shows (the real cloud's), not a crash.
       */
      api.get<{ Params: { id: string; ruleId: string } }>(
        '/controllers/:id/notificationtest/:ruleId',
        async (request, reply): Promise<RuleTestResult> => {
          const { site } = requireRuleAccess(ctx, callerOf(request).uid, request.params.id);
          const rule = store.rulesOf(site.uuid)[request.params.ruleId];
          if (!rule) throw new HttpError(404, `No rule ${request.params.ruleId} on this site`);
          const result = sendRuleTest(ctx, site, rule);
          return reply.code(result.status).send(result);
        },
      );
    },
    { prefix: servicePathPrefix('controllers-api') },
  );
}
