import { jwtVerify } from 'jose';
import type { CloudContext } from '../context.js';
import { SIGNING_ALGORITHM } from './keys.js';

/** The OpenID Connect provider's issuer: the login server + /v2. */
export function loginIssuer(ctx: Pick<CloudContext, 'config'>): string {
  return `${ctx.config.publicOrigin}/cloud/login/v2`;
}

export const PORTAL_CLIENT_ID = 'portal';

/** Verifies an ID token our OIDC provider issued to the portal (signed with context.keys). Throws when not. */
export async function verifyIdToken(
  ctx: Pick<CloudContext, 'config' | 'keys' | 'clock'>,
  idToken: string,
): Promise<{ uid: string; expiresAt: number }> {
  const { payload } = await jwtVerify(idToken, ctx.keys.publicKey, {
    algorithms: [SIGNING_ALGORITHM],
    issuer: loginIssuer(ctx),
    audience: PORTAL_CLIENT_ID,
    currentDate: new Date(ctx.clock.now()),
    requiredClaims: ['sub', 'exp'],
  });
  if (!payload.sub) throw new Error('ID token has no subject');
  return { uid: payload.sub, expiresAt: payload.exp! * 1000 };
}
