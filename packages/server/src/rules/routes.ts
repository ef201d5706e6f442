import type { FastifyInstance } from 'fastify';
import {
  notificationRulesBody,
  ruleTestRequest,
  servicePathPrefix,
  type NotificationRulesBody,
  type RuleDeliveryLogEntry,
  type RuleTestResult,
} from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { requireKnownRuleUsers, requireRuleAccess, ruleUserCandidates } from './ruleAccess.js';
import type { RuleStore } from './ruleStore.js';
import { sendRuleTest } from './ruleTest.js';
import { createRuleDeliveryLog } from './deliveryLog.js';
import { parseLogLimit } from './logLimit.js';

type Params = { Params: { id: string } };

/**
 * Notification rules on controllers-api: read, replace and delete a site's rules, list the users a
 * rule may name, test a rule (real messages through the outbox) and read a rule's delivery log.
 */
export function registerRuleRoutes(app: FastifyInstance, ctx: CloudServices, store: RuleStore): void {
  const log = createRuleDeliveryLog(ctx.db, ctx.clock);
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
       * POST /controllers/{id}/notificationtest {rule}: tests the rule as drafted in the editor, saved
       * or not. Its users must be ones the caller could save in a rule of this site (400 otherwise),
       * so a test reveals no one else's address. Always 200: see ruleTest.ts.
       */
      api.post<Params>('/controllers/:id/notificationtest', async (request): Promise<RuleTestResult> => {
        const { actor, site } = requireRuleAccess(ctx, callerOf(request).uid, request.params.id);
        const { rule } = parseWith(ruleTestRequest, request.body ?? {});
        const current = store.rulesOf(site.uuid);
        requireKnownRuleUsers(ctx, actor, site.uuid, { [rule.ruleId]: rule }, current);
        return sendRuleTest(ctx, log, site, rule);
      });

      /** GET /controllers/{id}/notificationtest/{ruleId}: tests a stored rule by id (older clients; same answer). */
      api.get<{ Params: { id: string; ruleId: string } }>(
        '/controllers/:id/notificationtest/:ruleId',
        async (request): Promise<RuleTestResult> => {
          const { site } = requireRuleAccess(ctx, callerOf(request).uid, request.params.id);
          const rule = store.rulesOf(site.uuid)[request.params.ruleId];
          if (!rule) throw new HttpError(404, `No rule ${request.params.ruleId} on this site`);
          return sendRuleTest(ctx, log, site, rule);
        },
      );

      /**
       * GET /controllers/{id}/notificationlog/{ruleId}?limit=N: what the rule sent or skipped, to whom,
       * when and by which channel (tests and alarms), newest first. A rule deleted since keeps its log;
       * an id that never logged anything answers an empty list.
       */
      api.get<{ Params: { id: string; ruleId: string }; Querystring: { limit?: unknown } }>(
        '/controllers/:id/notificationlog/:ruleId',
        async (request): Promise<{ data: RuleDeliveryLogEntry[] }> => {
          const { site } = requireRuleAccess(ctx, callerOf(request).uid, request.params.id);
          return { data: log.entries(site.uuid, request.params.ruleId, parseLogLimit(request.query.limit)) };
        },
      );
    },
    { prefix: servicePathPrefix('controllers-api') },
  );
}
