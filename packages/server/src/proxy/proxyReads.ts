import { liveSessionUids } from '../auth/sessions.js';
import type { CloudContext } from '../context.js';
import { sitesByUuid, type SiteRecord } from '../controllers/sites.js';
import type { AlarmService } from '../alarms/alarmStore.js';
import { batchedReads } from '../storage/coalescedReads.js';

/**
 * The reads behind every controller-proxy request and alarm push, for those that come together: an
 * alarm table polls its 90 sites at once, each request checking the same session and asking its own
 * site and alarm stamp; a push checks the session of every viewer of the site. The reads of one moment
 * are one query over all their keys. Nothing is kept once answered: a logout or a new alarm is seen by
 * the next request.
 */
export interface ProxyReads {
  /** The uid of a live session, or null when it has ended (a sign-in names its session: claims.sid). */
  sessionUid(sid: string): Promise<string | null>;
  site(uuid: string): Promise<SiteRecord | null>;
  /** The site's alarms as siteAlarmUpdate reads them, with the stamp read for many sites at once. */
  alarms: Pick<AlarmService, 'list' | 'latestChange'>;
}

export function createProxyReads(ctx: Pick<CloudContext, 'db' | 'clock' | 'alarms'>): ProxyReads {
  const sessionUid = batchedReads((sids) => liveSessionUids(ctx.db, sids, ctx.clock.now()), null);
  const site = batchedReads(async (uuids) => new Map((await sitesByUuid(ctx.db, uuids)).map((found) => [found.uuid, found] as const)), null);
  const latestChange = batchedReads((uuids) => ctx.alarms.latestChanges(uuids), 0);
  return { sessionUid, site, alarms: { list: (filter) => ctx.alarms.list(filter), latestChange } };
}
