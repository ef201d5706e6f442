import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LanguageCode } from '@varde/core/contract';
import type { AlarmService } from '../alarms/alarmStore.js';
import { accountByUid } from '../auth/accounts.js';
import { ackLinkAuditOf } from '../alarms/alarmAudit.js';
import { auditPartnerOfUser } from '../audit/auditPartner.js';
import { languageOfUser } from '../outbox/messageTexts.js';
import type { CloudServices } from '../services.js';
import { ackComment, ackDonePage, ackFormPage, ackGonePage, type AckPageFacts } from './ackPage.js';
import { ackLinkOf, useAckLink, type AckLink } from './ackLinks.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'> & { alarms: AlarmService; config: { publicOrigin: string } };
type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/** A page for a link nobody knows speaks the browser's language (Norwegian, Swedish or English). */
function browserLanguage(request: FastifyRequest): LanguageCode {
  const header = String(request.headers['accept-language'] ?? '').toLowerCase();
  if (/^(nb|nn|no)\b/.test(header)) return 'no';
  if (/^sv\b/.test(header)) return 'se';
  return 'en';
}

/**
 * Acknowledge from the message (issue 35): `/a/<token>`, outside /cloud and without a sign-in, since the
 * token in the link is the credential. GET shows the alarm and never changes anything (mail scanners open
 * links); only the page's POST acknowledges, once, in the recipient's name, through the alarm service (so
 * the history names them and open alarm lists hear of it as of any acknowledgement), and the escalation
 * stops at its next step. A used or expired link answers 410, an unknown one 404, each with a page saying which.
 */
export function registerAckRoutes(app: FastifyInstance, ctx: Ctx): void {
  const portalUrl = `${ctx.config.publicOrigin}/alarms`;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  async function factsOf(link: AckLink, token: string): Promise<AckPageFacts | null> {
    const alarm = await ctx.alarms.byId(link.alarmId);
    if (!alarm) return null;
    const told = await ctx.db
      .selectFrom('escalation_log').select('username').distinct()
      .where('escalation_id', '=', link.escalationId).where('outcome', '=', 'sent').where('user_uid', '<>', link.userUid)
      .execute();
    return { alarm, othersTold: told.map((row) => row.username as string).sort(), token, portalUrl };
  }

  /** The link, or the page that says why it cannot be used (answered here). */
  async function usable(request: TokenRequest, reply: FastifyReply): Promise<{ link: AckLink; language: LanguageCode; facts: AckPageFacts } | null> {
    const link = await ackLinkOf(ctx.db, request.params.token);
    const facts = link ? await factsOf(link, request.params.token) : null;
    if (!link || !facts) {
      await html(reply, 404, ackGonePage(browserLanguage(request), 'unknown', portalUrl));
      return null;
    }
    const language = await languageOfUser(ctx, link.userUid);
    if (link.usedAt !== null || link.expiresAt <= ctx.clock.now()) {
      await html(reply, 410, ackGonePage(language, link.usedAt !== null ? 'used' : 'expired', portalUrl));
      return null;
    }
    return { link, language, facts };
  }

  void app.register(async (scope) => {
    // The page's form posts no fields; browsers still send this type (with an empty body). Only in this scope.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

    scope.get<{ Params: { token: string } }>('/a/:token', async (request, reply) => {
      const found = await usable(request, reply);
      if (found) return html(reply, 200, ackFormPage(found.language, found.facts));
      return reply;
    });

    scope.post<{ Params: { token: string } }>('/a/:token', async (request, reply) => {
      const found = await usable(request, reply);
      if (!found) return reply;
      // Claimed before acknowledging: of two clicks only one gets past this; the other sees a used link.
      if (!(await useAckLink(ctx.db, request.params.token, ctx.clock.now()))) {
        return html(reply, 410, ackGonePage(found.language, 'used', portalUrl));
      }
      const email = (await accountByUid(ctx.db, found.link.userUid))?.email ?? found.link.userUid;
      const audit = ackLinkAuditOf(request, found.link.userUid, await auditPartnerOfUser(ctx, found.link.userUid));
      const alarm = await ctx.alarms.acknowledge(found.link.alarmId, email, ackComment(found.language), audit);
      const by = alarm?.acknowledgedBy ?? email;
      return html(reply, 200, ackDonePage(found.language, { ...found.facts, alarm: alarm ?? found.facts.alarm }, by, by === email));
    });
  });
}
