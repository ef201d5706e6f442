import { SignJWT, jwtVerify } from 'jose';
import type { CloudContext } from '../context.js';
import { authIssuer } from './accessTokens.js';
import { SIGNING_ALGORITHM } from './keys.js';

/**
 * Realtime-database custom tokens, shaped like Firebase's: the client trades one at
 * identitytoolkit accounts:signInWithCustomToken for an ID token. Signed with the cloud's key.
 */
export const CUSTOM_TOKEN_AUDIENCE = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
export const CUSTOM_TOKEN_TTL_SECONDS = 3600;

type Ctx = Pick<CloudContext, 'config' | 'keys' | 'clock'>;

export type CustomClaims = Record<string, unknown>;

export async function mintCustomToken(ctx: Ctx, uid: string, claims: CustomClaims = {}): Promise<string> {
  const iat = Math.floor(ctx.clock.now() / 1000);
  return new SignJWT({ uid, claims })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: ctx.keys.kid, typ: 'JWT' })
    .setIssuer(authIssuer(ctx.config))
    .setSubject(uid)
    .setAudience(CUSTOM_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CUSTOM_TOKEN_TTL_SECONDS)
    .sign(ctx.keys.privateKey);
}

/** Verifies a custom token minted by mintCustomToken; rejects (throws) anything else. */
export async function verifyCustomToken(ctx: Ctx, token: string): Promise<{ uid: string; claims: CustomClaims }> {
  const { payload } = await jwtVerify(token, ctx.keys.publicKey, {
    algorithms: [SIGNING_ALGORITHM],
    issuer: authIssuer(ctx.config),
    audience: CUSTOM_TOKEN_AUDIENCE,
    currentDate: new Date(ctx.clock.now()),
    requiredClaims: ['sub', 'exp'],
  });
  if (typeof payload.uid !== 'string' || payload.uid !== payload.sub) throw new Error('Custom token has no uid');
  const claims = payload.claims && typeof payload.claims === 'object' ? (payload.claims as CustomClaims) : {};
  return { uid: payload.uid, claims };
}
