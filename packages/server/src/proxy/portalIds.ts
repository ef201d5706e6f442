import { randomBytes } from 'node:crypto';
import { PORTAL_ID_LIFETIME_MS } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

/**
 * Portal ids (loginToken_loginToken): short-lived grants (5 minutes) that let a frame open one site
 * as the user who asked for it; a reload of the frame within that time works. Kept in the database, so
 * that a portal id issued by one node is redeemed by any other behind the same load balancer.
 */
export interface PortalIds {
  issue(uid: string, siteUuid: string): Promise<string>;
  /** The grant for this site; null when unknown, expired or for another site. */
  redeem(portalId: string, siteUuid: string): Promise<{ uid: string } | null>;
}

export function createPortalIds(db: Db, clock: Clock): PortalIds {
  return {
    async issue(uid, siteUuid) {
      const now = clock.now();
      // Expired ids are deleted by the leader's clean-ups (src/cluster/cleanups.ts).
      const id = randomBytes(24).toString('base64url');
      await db.insertInto('portal_ids').values({ id, uid, site_uuid: siteUuid, expires_at: now + PORTAL_ID_LIFETIME_MS }).execute();
      return id;
    },
    async redeem(portalId, siteUuid) {
      const grant = (await db
        .selectFrom('portal_ids')
        .select(['uid', 'site_uuid'])
        .where('id', '=', portalId)
        .where('expires_at', '>', clock.now())
        .executeTakeFirst()) as { uid: string; site_uuid: string } | undefined;
      if (!grant || grant.site_uuid !== siteUuid) return null;
      return { uid: grant.uid };
    },
  };
}

const perCloud = new WeakMap<object, PortalIds>();

/** The one PortalIds of a cloud (the proxy socket issues, the frame page redeems). */
export function portalIdsOf(ctx: { db: Db; clock: Clock }): PortalIds {
  let ids = perCloud.get(ctx);
  if (!ids) {
    ids = createPortalIds(ctx.db, ctx.clock);
    perCloud.set(ctx, ids);
  }
  return ids;
}
