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
import { nameOf, withNames } from './ruleNames.js';
import { languageOfUser } from '../outbox/messageTexts.js';
import { recordChangeBy } from '../audit/recordAudit.js';
import { inTransaction } from '../storage/transaction.js';
import { callerProfile } from '../http/callerProfile.js';

type Params = { Params: { id: string } };

/** Saves that found the rules changed under them are checked and tried again this many times in all. */
const SAVE_ATTEMPTS = 3;

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
        const { site } = await requireRuleAccess(ctx, callerOf(request), request.params.id);
        return { rules: await store.rulesOf(site.uuid) };
      });

      /**
       * POST /controllers/{id}/notificationrules {rules}: the site's rules become exactly `rules`. A rule
       * sent without a name keeps its stored one, or is named from what it does (rules/ruleNames.ts).
       */
      api.post<Params>('/controllers/:id/notificationrules', async (request): Promise<NotificationRulesBody> => {
        const { actor, site } = await requireRuleAccess(ctx, callerOf(request), request.params.id);
        const { rules } = parseWith(notificationRulesBody, request.body ?? {});
        const language = await languageOfUser(ctx, actor.uid);
        const { partner } = await callerProfile(ctx, request);
        // The users are checked against the rules as they are now; the replace happens only while they
        // still are (another save in between: check again against that one).
        for (let attempt = 1; ; attempt += 1) {
          const current = await store.rulesOf(site.uuid);
          await requireKnownRuleUsers(ctx, actor, site.uuid, rules, current);
          const named = withNames(rules, current, language);
          const saved = await inTransaction(ctx.db, async (tx) => {
            if (!(await store.replace(site.uuid, named, current, tx))) return false;
            const names = Object.values(named).map((rule) => `"${rule.name}"`).join(', ');
            await recordChangeBy(tx, request, { partnerId: partner, action: 'notification-rules.save', objectKind: 'site', objectId: site.uuid, summary: `Saved ${Object.keys(named).length} notification rules of site ${site.uuid}${names ? `: ${names}` : ''}` });
            return true;
          });
          if (saved) break;
          if (attempt === SAVE_ATTEMPTS) throw new HttpError(409, 'The rules of this site were changed by someone else while saving; try again');
        }
        return { rules: await store.rulesOf(site.uuid) };
      });

      /** DELETE /controllers/{id}/notificationrules: every rule of the site; repeating it changes nothing. */
      api.delete<Params>('/controllers/:id/notificationrules', async (request): Promise<NotificationRulesBody> => {
        const { site } = await requireRuleAccess(ctx, callerOf(request), request.params.id);
        const { partner } = await callerProfile(ctx, request);
        await inTransaction(ctx.db, async (tx) => {
          const deleted = await store.deleteAll(site.uuid, tx);
          if (deleted > 0) await recordChangeBy(tx, request, { partnerId: partner, action: 'notification-rules.delete', objectKind: 'site', objectId: site.uuid, summary: `Deleted the ${deleted} notification rules of site ${site.uuid}` });
        });
        return { rules: {} };
      });

      /** GET /controllers/{id}/notificationusers: whom the caller may put in this site's rules. */
      api.get<Params>('/controllers/:id/notificationusers', async (request) => {
        const { actor, site } = await requireRuleAccess(ctx, callerOf(request), request.params.id);
        return { data: await ruleUserCandidates(ctx, actor, site.uuid, await store.rulesOf(site.uuid)) };
      });

      /**
       * POST /controllers/{id}/notificationtest {rule}: tests the rule as drafted in the editor, saved
       * or not. Its users must be ones the caller could save in a rule of this site (400 otherwise),
       * so a test reveals no one else's address. Always 200: see ruleTest.ts.
       */
      api.post<Params>('/controllers/:id/notificationtest', async (request): Promise<RuleTestResult> => {
        const { actor, site } = await requireRuleAccess(ctx, callerOf(request), request.params.id);
        const { rule } = parseWith(ruleTestRequest, request.body ?? {});
        const current = await store.rulesOf(site.uuid);
        await requireKnownRuleUsers(ctx, actor, site.uuid, { [rule.ruleId]: rule }, current);
        // A draft from a client that knows no names is tested under the stored rule's name (or a derived one).
        const name = nameOf(rule, current[rule.ruleId], await languageOfUser(ctx, actor.uid));
        return sendRuleTest(ctx, log, site, { ...rule, name });
      });

      /** GET /controllers/{id}/notificationtest/{ruleId}: tests a stored rule by id (older clients; same answer). */
      api.get<{ Params: { id: string; ruleId: string } }>(
        '/controllers/:id/notificationtest/:ruleId',
        async (request): Promise<RuleTestResult> => {
          const { site } = await requireRuleAccess(ctx, callerOf(request), request.params.id);
          const rule = (await store.rulesOf(site.uuid))[request.params.ruleId];
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
          const { site } = await requireRuleAccess(ctx, callerOf(request), request.params.id);
          return { data: await log.entries(site.uuid, request.params.ruleId, parseLogLimit(request.query.limit)) };
        },
      );
    },
    { prefix: servicePathPrefix('controllers-api') },
  );
}
