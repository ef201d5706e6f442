import { isStorageUnavailable } from '../storage/executeResults.js';
import { SignJWT, errors, jwtVerify } from 'jose';
import { TOKEN_SERVICES, role as roleSchema, serviceHostName, type AccessTokens, type Role } from '@varde/core/contract';
import type { CloudConfig, CloudContext } from '../context.js';
import { accountByUid } from '../auth/accounts.js';
import { sessionWithRoleBySid, type Session } from '../auth/sessions.js';
import { sessionWithRoleAndValues } from '../auth/sessionWithProfile.js';
import type { CallerCache } from '../http/callerCache.js';
import { callerProfilePaths, knowCallerProfile } from '../http/callerProfile.js';
import type { Caller } from '../http/caller.js';
import { HttpError, invalidTokenError } from '../http/HttpError.js';
import { SIGNING_ALGORITHM } from './keys.js';
import { verifiedClaims } from './verifiedTokens.js';

/** Per-service access tokens live one hour; clients renew them with POST /session/renew. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** The `iss` of access and custom tokens: the auth server. */
export function authIssuer(config: Pick<CloudConfig, 'publicOrigin'>): string {
  return `${config.publicOrigin}/cloud/auth`;
}

type Ctx = Pick<CloudContext, 'config' | 'keys' | 'clock'>;
/** Where the cloud passes its caller cache; a context without one reads the caller every time. */
type CacheCtx = { callerCache?: CallerCache };

export interface AccessTokenClaims {
  uid: string;
  role: Role;
  /** The session the token belongs to: the token is good only while it lives. */
  sid: string;
  /** The session's refresh generation when minted (only the newest auth token may refresh). */
  generation?: number;
  /** The service's host name, `<service>.<domain>`. */
  audience: string;
  /** Seconds since epoch; defaults to the cloud clock's now. */
  issuedAt?: number;
  ttlSeconds?: number;
}

export async function signAccessToken(ctx: Ctx, claims: AccessTokenClaims): Promise<string> {
  const iat = claims.issuedAt ?? Math.floor(ctx.clock.now() / 1000);
  return new SignJWT({ role: claims.role, sid: claims.sid, gen: claims.generation ?? 0 })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: ctx.keys.kid, typ: 'at+jwt' })
    .setIssuer(authIssuer(ctx.config))
    .setAudience(claims.audience)
    .setSubject(claims.uid)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (claims.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS))
    .sign(ctx.keys.privateKey);
}

/**
 * One token per token service, keyed by host name (`controllers-api.localhost`, `auth.localhost`,
 * ...), all expiring together. The shape public clients of the real cloud read from POST /login.
 */
export async function mintAccessTokens(
  ctx: Pick<CloudContext, 'config' | 'keys' | 'clock' | 'db'>,
  session: Session,
): Promise<{ accessTokens: AccessTokens; expiresAt: number }> {
  const { uid, sid, generation } = session;
  const account = await accountByUid(ctx.db, uid);
  if (!account) throw new HttpError(401, 'Unknown account');
  const issuedAt = Math.floor(ctx.clock.now() / 1000);
  const entries = await Promise.all(
    TOKEN_SERVICES.map(async (service) => {
      const audience = serviceHostName(service, ctx.config.domain);
      return [audience, await signAccessToken(ctx, { uid, role: account.role, audience, issuedAt, sid, generation })] as const;
    }),
  );
  return { accessTokens: Object.fromEntries(entries), expiresAt: (issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000 };
}

/**
 * Verifies a bearer access token for one audience, and that its session still lives (logout, a password
 * change, a lower role and deletion end it); any failure is a 401 with a short reason.
 */
export async function verifyAccessToken(
  ctx: Ctx & Pick<CloudContext, 'db'> & CacheCtx,
  token: string,
  audience: string,
  options: { readProfile?: boolean } = {},
): Promise<Caller> {
  try {
    const now = ctx.clock.now();
    const payload = await verifiedClaims(ctx.keys, token, audience, now, async () => {
      const verified = await jwtVerify(token, ctx.keys.publicKey, {
        algorithms: [SIGNING_ALGORITHM],
        issuer: authIssuer(ctx.config),
        audience,
        typ: 'at+jwt',
        currentDate: new Date(now),
        requiredClaims: ['sub', 'exp'],
      });
      return verified.payload;
    });
    const role = roleSchema.safeParse(payload.role);
    if (!payload.sub || !role.success) throw invalidTokenError('Token has no subject or role');
    if (typeof payload.sid !== 'string') throw invalidTokenError('Token has no session; sign in again');
    const sub = payload.sub;
    const found = options.readProfile
      ? await sessionWithProfile(ctx, payload.sid, sub)
      : await sessionWithRoleBySid(ctx.db, payload.sid, ctx.clock.now()).then((session) => session && { session, values: null });
    const session = found?.session;
    if (!session || session.uid !== sub) throw invalidTokenError('The session has ended; sign in again');
    const caller: Caller = {
      uid: sub,
      role: role.data,
      accountRole: session.role,
      sid: payload.sid,
      generation: typeof payload.gen === 'number' ? payload.gen : 0,
      credential: 'session',
      scope: 'write',
      tokenId: null,
      accountKind: 'person',
    };
    if (found.values) knowCallerProfile(caller, found.values);
    return caller;
  } catch (error) {
    // A database that cannot answer says nothing about the token: 503, and the caller keeps its session.
    if (error instanceof HttpError || isStorageUnavailable(error)) throw error;
    throw invalidTokenError(describeTokenError(error, audience));
  }
}

type SessionWithProfile = { session: Session & { role: Role }; values: unknown[]; expiresAt: number };

/**
 * A service route's caller: the session, its account's role and the caller's profile, in one statement
 * (http/callerProfile.ts), or none at all while this node's caller cache holds them (http/callerCache.ts).
 */
async function sessionWithProfile(ctx: Ctx & Pick<CloudContext, 'db'> & CacheCtx, sid: string, uid: string): Promise<SessionWithProfile | null> {
  const now = ctx.clock.now();
  const key = `session:${sid}`;
  const kept = ctx.callerCache?.get<SessionWithProfile>(key, now);
  if (kept) return kept;
  const ticket = ctx.callerCache?.begin(uid);
  const found = await sessionWithRoleAndValues(ctx.db, sid, callerProfilePaths(uid), now);
  // Only what belongs together: the profile was read for the token's subject.
  if (found && found.session.uid === uid && ticket !== undefined) ctx.callerCache?.put(key, found, ticket, now, found.expiresAt);
  return found;
}

function describeTokenError(error: unknown, audience: string): string {
  if (error instanceof errors.JWTExpired) return 'Token has expired';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') {
    return `Token is not for ${audience}`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'Token signature is invalid';
  return 'Token is invalid';
}

/** `Bearer <token>` -> the token; a 401 when the header is missing or not a bearer token. */
export function bearerToken(header: string | undefined): string {
  if (!header) throw invalidTokenError('Missing bearer token');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw invalidTokenError('Authorization must be "Bearer <token>"');
  return match[1];
}
