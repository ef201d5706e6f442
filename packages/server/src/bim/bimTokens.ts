import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';

/**
 * The BIM service's own credentials: it is a third-party cloud, so Varde's tokens mean nothing to it.
 * Decision: the reference service knows one client, `varde-portal`, whose secret never leaves the
 * server: VARDE_BIM_CLIENT_SECRET when a server-side client needs it, else random per start. Browsers
 * get BIM tokens from the signed-in session (sessionBimToken.ts), never with the secret.
 */
export const BIM_CLIENT_ID = 'varde-portal';

/** The client secret of this cloud's BIM service (at least 16 characters when configured). */
export function bimClientSecret(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.VARDE_BIM_CLIENT_SECRET;
  if (configured && configured.length >= 16) return configured;
  return randomBytes(32).toString('base64url');
}

export const BIM_TOKEN_TTL_SECONDS = 3600;

export type BimGrant =
  | { kind: 'access'; clientId: string }
  | { kind: 'viewer3d' | 'viewer2d'; projectId: string; models: string[] };

/** Opaque bearer tokens held in memory (a restart invalidates them; clients fetch new ones on 401). */
export function createBimTokens(clock: Clock, clientSecret: string = bimClientSecret()) {
  const grants = new Map<string, { grant: BimGrant; expiresAt: number }>();
  const secret = clientSecret;

  function sweep(now: number): void {
    for (const [token, entry] of grants) if (entry.expiresAt <= now) grants.delete(token);
  }

  return {
    checkClient(clientId: string, clientSecret: string): boolean {
      const expected = Buffer.from(secret);
      const given = Buffer.from(clientSecret);
      return clientId === BIM_CLIENT_ID && given.length === expected.length && timingSafeEqual(given, expected);
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
