import type { Migration } from './migration.js';

/**
 * Realtime refresh tokens rotate: each names its chain and generation, and only the chain's newest
 * generation may refresh (the one before it for a short grace, for refreshes that raced). Presenting an
 * older one means it was copied, and the chain is revoked (refresh token reuse detection, OAuth 2.0
 * Security BCP, as for the session cookie in 111). Refresh tokens from before name no chain and end here
 * (TOKEN_EXPIRED: the firebase SDK signs out); the portal keeps realtime auth in memory only, so a page
 * loaded after the upgrade never held one.
 */
export const realtimeRefreshRotationMigration: Migration = {
  id: '150-realtime-refresh-rotation',
  sql: `
    CREATE TABLE realtime_refresh_chains (
      chain TEXT PRIMARY KEY,
      uid TEXT NOT NULL,
      generation INTEGER NOT NULL,
      rotated_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      revoked_at INTEGER
    );
  `,
};
