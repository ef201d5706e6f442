import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import type { SigningKeys } from '../tokens/keys.js';

/**
 * The BIM service's own credentials: it is a third-party cloud, so Varde's tokens mean nothing to it.
 * Decision: the reference service knows one client, `varde-portal`, whose secret never leaves the
 * server: VARDE_BIM_CLIENT_SECRET when a server-side client needs it, else one derived from the cloud's
 * signing key (stored in the database), so every node of a cluster has the same one. Browsers get BIM
 * tokens from the signed-in session (sessionBimToken.ts), never with the secret.
 */
export const BIM_CLIENT_ID = 'varde-portal';

/** The client secret of this cloud's BIM service: the configured one, else derived from the signing key. */
export function bimClientSecret(configured: string | undefined, keys: Pick<SigningKeys, 'privateJwk'>): string {
  if (configured) return configured;
  return createHmac('sha256', keys.privateJwk.d ?? '').update('bim-client-secret').digest('base64url');
}

export const BIM_TOKEN_TTL_SECONDS = 3600;

export type BimGrant =
  | { kind: 'access'; clientId: string }
  | { kind: 'viewer3d' | 'viewer2d'; projectId: string; models: string[] };

/** Tokens are stored by their hash: a copy of the table does not hold usable tokens. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Opaque bearer tokens kept in the database (any node honours a token another issued; a restart keeps
 * them). Expired ones are deleted by the leader's clean-ups.
 */
export function createBimTokens(db: Db, clock: Clock, clientSecret: string) {
  const secret = clientSecret;
  return {
    checkClient(clientId: string, clientSecret: string): boolean {
      const expected = Buffer.from(secret);
      const given = Buffer.from(clientSecret);
      return clientId === BIM_CLIENT_ID && given.length === expected.length && timingSafeEqual(given, expected);
    },
    async issue(grant: BimGrant): Promise<string> {
      const now = clock.now();
      const token = randomBytes(24).toString('base64url');
      await db
        .insertInto('bim_tokens')
        .values({ token_hash: hashOf(token), grant_json: JSON.stringify(grant), expires_at: now + BIM_TOKEN_TTL_SECONDS * 1000 })
        .execute();
      return token;
    },
    async grantOf(token: string | undefined): Promise<BimGrant | undefined> {
      if (!token) return undefined;
      const row = (await db
        .selectFrom('bim_tokens')
        .select('grant_json')
        .where('token_hash', '=', hashOf(token))
        .where('expires_at', '>', clock.now())
        .executeTakeFirst()) as { grant_json: string } | undefined;
      return row ? (JSON.parse(row.grant_json) as BimGrant) : undefined;
    },
  };
}
export type BimTokens = ReturnType<typeof createBimTokens>;
