import { randomBytes } from 'node:crypto';
import { PORTAL_ID_LIFETIME_MS } from '@varde/core/contract';
import type { Clock } from '../clock.js';

interface PortalIdGrant {
  uid: string;
  siteUuid: string;
  expiresAt: number;
}

/**
 * Portal ids (loginToken_loginToken): short-lived grants (5 minutes) that let a frame open one site
 * as the user who asked for it; a reload of the frame within that time works. Kept in memory: a
 * restart simply makes the portal ask again.
 */
export interface PortalIds {
  issue(uid: string, siteUuid: string): string;
  /** The grant for this site; null when unknown, expired or for another site. */
  redeem(portalId: string, siteUuid: string): { uid: string } | null;
}

export function createPortalIds(clock: Clock): PortalIds {
  const grants = new Map<string, PortalIdGrant>();
  const dropExpired = () => {
    const now = clock.now();
    for (const [id, grant] of grants) if (grant.expiresAt <= now) grants.delete(id);
  };
  return {
    issue(uid, siteUuid) {
      dropExpired();
      const id = randomBytes(24).toString('base64url');
      grants.set(id, { uid, siteUuid, expiresAt: clock.now() + PORTAL_ID_LIFETIME_MS });
      return id;
    },
    redeem(portalId, siteUuid) {
      dropExpired();
      const grant = grants.get(portalId);
      if (!grant || grant.siteUuid !== siteUuid) return null;
      return { uid: grant.uid };
    },
  };
}

const perCloud = new WeakMap<object, PortalIds>();

/** The one PortalIds of a cloud (the proxy socket issues, the frame page redeems). */
export function portalIdsOf(ctx: { clock: Clock }): PortalIds {
  let ids = perCloud.get(ctx);
  if (!ids) {
    ids = createPortalIds(ctx.clock);
    perCloud.set(ctx, ids);
  }
  return ids;
}
