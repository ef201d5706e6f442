import type { Settings } from '@varde/core';

/**
 * The customer-specific login (route name LeroyLogin): one customer signs in here and goes straight
 * to their one controller. Which controller is configuration; this build points at the demo's
 * "Oslo Vannverk" so the reference cloud can show it.
 */
export const LEROY_LOGIN_PATH = '/leroy-login';
export const LEROY_SITE_UUID = 'b2f61d41-2d04-595a-a292-a91cc2529317';

/** The provider's cloud domain (production), where the route is meant to be used. */
export const LEROY_CLOUD_DOMAIN = 'varde.cloud';

/** Allowed on the provider's cloud domain, and on the reference cloud (development and tests). */
export function leroyLoginAllowed(settings: Pick<Settings, 'domain' | 'local'>): boolean {
  return settings.local || settings.domain === LEROY_CLOUD_DOMAIN;
}
