import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';

/**
 * The BIM service's own credentials: it is a third-party cloud, so Varde's tokens mean nothing to it.
 * Decision: the reference service knows one client, `varde-portal`, with a demo secret that is public
 * like every demo password (configuration supplies production's).
 */
export const DEMO_BIM_CLIENT = { clientId: 'varde-portal', clientSecret: 'varde-bim-demo-secret' } as const;

export const BIM_TOKEN_TTL_SECONDS = 3600;

export type BimGrant =
  | { kind: 'access'; clientId: string }
  | { kind: 'viewer3d' | 'viewer2d'; projectId: string; models: string[] };

/** Opaque bearer tokens held in memory (a restart invalidates them; clients fetch new ones on 401). */
export function createBimTokens(clock: Clock) {
  const grants = new Map<string, { grant: BimGrant; expiresAt: number }>();

  function sweep(now: number): void {
    for (const [token, entry] of grants) if (entry.expiresAt <= now) grants.delete(token);
  }

  return {
    checkClient(clientId: string, clientSecret: string): boolean {
      const expected = Buffer.from(DEMO_BIM_CLIENT.clientSecret);
      const given = Buffer.from(clientSecret);
      return clientId === DEMO_BIM_CLIENT.clientId && given.length === expected.length && timingSafeEqual(given, expected);
    },
    issue(grant: BimGrant): string {
      const now = clock.now();
      sweep(now);
      const token = randomBytes(24).toString('base64url');
      grants.set(token, { grant, expiresAt: now + BIM_TOKEN_TTL_SECONDS * 1000 });
      return token;
    },
    grantOf(token: string | undefined): BimGrant | undefined {
      if (!token) return undefined;
      const entry = grants.get(token);
      if (!entry || entry.expiresAt <= clock.now()) return undefined;
      return entry.grant;
    },
  };
}
export type BimTokens = ReturnType<typeof createBimTokens>;
