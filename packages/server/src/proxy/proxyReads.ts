import { sessionBySid } from '../auth/sessions.js';
import type { CloudContext } from '../context.js';
import { sitesByUuid, type SiteRecord } from '../controllers/sites.js';
import type { AlarmService } from '../alarms/alarmStore.js';
import { batchedReads, sharedInFlight } from '../storage/coalescedReads.js';

/**
 * The reads behind every controller-proxy request, for the requests that arrive together: an alarm
 * table polls its 90 sites at once, each request checking the same session and asking its own site and
 * alarm stamp. Equal reads share one query, per-site reads of one moment are one query over all the
 * sites. Nothing is kept once answered: a logout or a new alarm is seen by the next request.
 */
export interface ProxyReads {
  /** The uid of a live session, or null when it has ended. */
  sessionUid(sid: string): Promise<string | null>;
  site(uuid: string): Promise<SiteRecord | null>;
  /** The site's alarms as siteAlarmUpdate reads them, with the stamp read for many sites at once. */
  alarms: Pick<AlarmService, 'list' | 'latestChange'>;
}

export function createProxyReads(ctx: Pick<CloudContext, 'db' | 'clock' | 'alarms'>): ProxyReads {
  const sessionUid = sharedInFlight(async (sid) => (await sessionBySid(ctx.db, sid, ctx.clock.now()))?.uid ?? null);
  const site = batchedReads(async (uuids) => new Map((await sitesByUuid(ctx.db, uuids)).map((found) => [found.uuid, found] as const)), null);
  const latestChange = batchedReads((uuids) => ctx.alarms.latestChanges(uuids), 0);
  return { sessionUid, site, alarms: { list: (filter) => ctx.alarms.list(filter), latestChange } };
}
