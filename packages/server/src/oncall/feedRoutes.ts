import type { FastifyInstance, FastifyReply } from 'fastify';
import { servicePathPrefix } from '@varde/core/contract';
import type { CloudServices } from '../services.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { languageOfUser } from '../outbox/messageTexts.js';
import { partnerScopeOf, sees } from '../partners/partnerScope.js';
import { userPath } from '../users/profiles.js';
import { calendarFeed, myShiftsTitle, type FeedShift } from './calendarFeed.js';
import type { FeedTokens } from './feedTokens.js';
import { emailsOf } from './presentSchedule.js';
import type { Schedule } from './schedule.js';
import type { ScheduleStore } from './scheduleStore.js';
import { onCallBetween } from './whoIsOnCall.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'> & { config: { publicOrigin: string } };

/** What a feed shows: the past week (a shift just ended stays visible) and the next 60 days. */
const FEED_PAST_MS = 7 * 86_400_000;
const FEED_AHEAD_MS = 60 * 86_400_000;

const FEEDS_PATH = `${servicePathPrefix('alarms')}/oncall/feeds`;

/**
 * Calendar feeds (issue 35): every user has one secret (feedTokens.ts) that makes the URLs of their own
 * shifts (`…/feeds/<secret>/me.ics`) and of each schedule of their partner (`…/schedules/<id>.ics`).
 * The caller makes, reads and revokes it with a bearer token; the feeds themselves are public, since a
 * phone's calendar cannot sign in, and answer 404 for a secret that is unknown or revoked, or a schedule
 * the secret's user no longer sees.
 */
export function registerOnCallFeedRoutes(app: FastifyInstance, ctx: Ctx, store: ScheduleStore, tokens: FeedTokens): void {
  const urlsOf = async (uid: string, secret: string) => {
    const scope = await partnerScopeOf(ctx, uid);
    const base = `${ctx.config.publicOrigin}${FEEDS_PATH}/${secret}`;
    return {
      me: `${base}/me.ics`,
      schedules: (await store.list(scope.partner)).map((schedule) => ({ id: schedule.id, name: schedule.name, url: `${base}/schedules/${schedule.id}.ics` })),
    };
  };

  const personNames = async (uids: string[]): Promise<Map<string, string>> => {
    const emails = await emailsOf(ctx.db, uids);
    const names = new Map<string, string>();
    for (const uid of new Set(uids)) {
      const name = await ctx.realtime.get(`${userPath(uid)}/name`);
      names.set(uid, typeof name === 'string' && name.trim() !== '' ? name : emails.get(uid)!);
    }
    return names;
  };

  async function shiftsOf(schedules: Schedule[], only?: string): Promise<FeedShift[]> {
    const now = ctx.clock.now();
    const spans = schedules.flatMap((schedule) =>
      onCallBetween(schedule, now - FEED_PAST_MS, now + FEED_AHEAD_MS)
        .filter((span) => only === undefined || span.userUid === only)
        .map((span) => ({ schedule, span })),
    );
    const names = await personNames(spans.map(({ span }) => span.userUid));
    return spans.map(({ schedule, span }) => ({
      scheduleId: schedule.id, scheduleName: schedule.name, userUid: span.userUid, person: names.get(span.userUid)!, from: span.from, to: span.to,
    }));
  }

  const sendCalendar = (reply: FastifyReply, body: string) =>
    reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);

  void app.register(
    async (api) => {
      /** GET /oncall/feed: whether the caller has a feed secret and since when (the URLs are shown only when made). */
      api.get('/oncall/feed', async (request) => {
        const createdAt = await tokens.createdAt(callerOf(request).uid);
        return { active: createdAt !== null, createdAt: createdAt === null ? null : new Date(createdAt).toISOString() };
      });

      /** POST /oncall/feed: a new secret and its URLs (201); URLs made before stop working. */
      api.post('/oncall/feed', async (request, reply) => {
        const { uid } = callerOf(request);
        const secret = await tokens.renew(uid, ctx.clock.now());
        return reply.code(201).send(await urlsOf(uid, secret));
      });

      /** DELETE /oncall/feed: the caller's feed URLs stop working (204, also when there were none). */
      api.delete('/oncall/feed', async (request, reply) => {
        await tokens.revoke(callerOf(request).uid);
        return reply.code(204).send();
      });
    },
    { prefix: servicePathPrefix('alarms') },
  );

  // Public: the secret in the path is the credential (a calendar app sends no bearer token).
  app.get<{ Params: { secret: string } }>(`${FEEDS_PATH}/:secret/me.ics`, { config: { public: true } }, async (request, reply) => {
    const uid = await tokens.userOf(request.params.secret);
    if (!uid) throw new HttpError(404, 'No such calendar feed (its link was renewed or revoked)');
    const scope = await partnerScopeOf(ctx, uid);
    const language = await languageOfUser(ctx, uid);
    const shifts = await shiftsOf(await store.list(scope.partner), uid);
    return sendCalendar(reply, calendarFeed({ name: myShiftsTitle(language), language, now: ctx.clock.now(), shifts }));
  });

  app.get<{ Params: { secret: string; file: string } }>(`${FEEDS_PATH}/:secret/schedules/:file`, { config: { public: true } }, async (request, reply) => {
    const uid = await tokens.userOf(request.params.secret);
    if (!uid) throw new HttpError(404, 'No such calendar feed (its link was renewed or revoked)');
    const id = request.params.file.replace(/\.ics$/, '');
    const schedule = await store.get(id);
    if (!schedule || !sees(await partnerScopeOf(ctx, uid), schedule.partner)) throw new HttpError(404, `No schedule ${id}`);
    const language = await languageOfUser(ctx, uid);
    return sendCalendar(reply, calendarFeed({ name: schedule.name, language, now: ctx.clock.now(), shifts: await shiftsOf([schedule]) }));
  });
}
