import { isStorageUnavailable } from '../storage/executeResults.js';
import { randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { createRefreshChains, type ChainLink } from './refreshChains.js';

/**
 * The ID and refresh tokens of the realtime sign-in endpoints (the firebase auth emulator's shape:
 * `iss`, `aud`, `sub`, `user_id`, `iat`, `exp`, `firebase.sign_in_provider`, custom claims on top).
 * Both are HS256 JWTs under a secret kept in the database, so only this server can mint one that the
 * database connection's `auth` message accepts. A refresh token carries the sign-in's uid and claims,
 * and its chain and generation: each refresh answers the next one and retires it (refreshChains.ts).
 */

export interface RealtimeIdentity {
  uid: string;
  claims: Record<string, unknown>;
}

export interface VerifiedIdToken extends RealtimeIdentity {
  /** Epoch milliseconds. */
  issuedAt: number;
  expiresAt: number;
}

export type IdTokenErrorCode = 'INVALID_ID_TOKEN' | 'TOKEN_EXPIRED' | 'INVALID_REFRESH_TOKEN';

export class IdTokenError extends Error {
  override readonly name = 'IdTokenError';
  constructor(
    readonly code: IdTokenErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface IdTokenIssuer {
  readonly lifetimeSeconds: number;
  readonly projectId: string;
  mintIdToken(identity: RealtimeIdentity): Promise<string>;
  /** The first refresh token of a sign-in: a new chain. */
  mintRefreshToken(identity: RealtimeIdentity): Promise<string>;
  verifyIdToken(token: string): Promise<VerifiedIdToken>;
  /** A refresh: whose token it is and the refresh token that replaces it (the presented one is retired). */
  rotateRefreshToken(token: string): Promise<{ identity: RealtimeIdentity; refreshToken: string }>;
}

/** Claims the token itself defines; a custom claim of the same name is dropped, as firebase does. */
const RESERVED_CLAIMS = new Set([
  'acr', 'amr', 'at_hash', 'aud', 'auth_time', 'azp', 'cnf', 'c_hash', 'exp', 'firebase', 'iat', 'iss', 'jti',
  'nbf', 'nonce', 'sub', 'user_id', 'token_use',
]);

const SECRET_NAME = 'id-token-hs256';
const REFRESH_AUDIENCE = 'varde-realtime-refresh';
const REFRESH_LIFETIME_SECONDS = 30 * 24 * 3600;
const REFRESH_LIFETIME_MS = REFRESH_LIFETIME_SECONDS * 1000;

export function customClaimsOnly(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !RESERVED_CLAIMS.has(name)));
}

export async function createIdTokenIssuer(options: {
  db: Db;
  projectId: string;
  clock: Clock;
  lifetimeSeconds?: number;
  /** A sign-in ended elsewhere (logout, password change): its ID and refresh tokens stop working. */
  isSignInLive?: (uid: string, claims: Record<string, unknown>) => Promise<boolean>;
}): Promise<IdTokenIssuer> {
  const { db, projectId, clock } = options;
  const isLive = options.isSignInLive ?? (async () => true);
  const lifetimeSeconds = options.lifetimeSeconds ?? 3600;
  const secret = await loadOrCreateSecret(db);
  const chains = createRefreshChains(db);
  const issuer = `https://securetoken.google.com/${projectId}`;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const verifyOptions = () => ({ algorithms: ['HS256'], currentDate: new Date(clock.now()) });
  const signatureChecked = createVerifiedTokens();

  return {
    lifetimeSeconds,
    projectId,

    async mintIdToken({ uid, claims }) {
      const iat = nowSeconds();
      const payload: JWTPayload = {
        ...customClaimsOnly(claims),
        user_id: uid,
        auth_time: iat,
        firebase: { identities: {}, sign_in_provider: 'custom' },
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(projectId)
        .setSubject(uid)
        .setIssuedAt(iat)
        .setExpirationTime(iat + lifetimeSeconds)
        .sign(secret);
    },

    async mintRefreshToken({ uid, claims }) {
      return signRefreshToken({ uid, claims }, await chains.start(uid, clock.now(), REFRESH_LIFETIME_MS));
    },

    async verifyIdToken(token) {
      try {
        let payload = signatureChecked.get(token);
        // A remembered token past its expiry goes through jose again, for jose's own error.
        if (!payload || (payload.exp ?? 0) <= nowSeconds()) {
          signatureChecked.delete(token);
          ({ payload } = await jwtVerify(token, secret, { ...verifyOptions(), issuer, audience: projectId }));
          if (typeof payload.sub !== 'string' || payload.sub === '' || payload.iat === undefined || payload.exp === undefined) {
            throw new IdTokenError('INVALID_ID_TOKEN', 'The ID token lacks sub, iat or exp');
          }
          signatureChecked.remember(token, payload);
        }
        const subject = payload.sub!;
        // Every time, remembered or not: a logout or a password change ends the token at once.
        if (!(await isLive(subject, payload as Record<string, unknown>))) throw new IdTokenError('INVALID_ID_TOKEN', 'The sign-in has ended');
        return {
          uid: subject,
          // A copy each time: the remembered payload is not the callers' to change.
          claims: { ...payload } as Record<string, unknown>,
          issuedAt: payload.iat! * 1000,
          expiresAt: payload.exp! * 1000,
        };
      } catch (error) {
        throw asIdTokenError(error, 'INVALID_ID_TOKEN', 'The ID token is invalid');
      }
    },

    async rotateRefreshToken(token) {
      const { identity, link } = await verifyRefreshToken(token);
      const step = await chains.advance(identity.uid, link, clock.now(), REFRESH_LIFETIME_MS);
      // TOKEN_EXPIRED: the SDK signs the user out (auth/user-token-expired) rather than retrying.
      if (!step.ok) throw new IdTokenError('TOKEN_EXPIRED', step.reason);
      return { identity, refreshToken: await signRefreshToken(identity, { chain: link.chain, generation: step.generation }) };
    },
  };

  function signRefreshToken({ uid, claims }: RealtimeIdentity, link: ChainLink): Promise<string> {
    const iat = nowSeconds();
    return new SignJWT({ claims: customClaimsOnly(claims), token_use: 'refresh', chain: link.chain, gen: link.generation })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(REFRESH_AUDIENCE)
      .setSubject(uid)
      .setIssuedAt(iat)
      .setExpirationTime(iat + REFRESH_LIFETIME_SECONDS)
      .sign(secret);
  }

  async function verifyRefreshToken(token: string): Promise<{ identity: RealtimeIdentity; link: ChainLink }> {
    try {
      const { payload } = await jwtVerify(token, secret, { ...verifyOptions(), issuer, audience: REFRESH_AUDIENCE });
      if (payload.token_use !== 'refresh' || typeof payload.sub !== 'string' || payload.sub === '') {
        throw new IdTokenError('INVALID_REFRESH_TOKEN', 'Not a refresh token');
      }
      const claims = (payload.claims !== null && typeof payload.claims === 'object' ? payload.claims : {}) as Record<string, unknown>;
      if (!(await isLive(payload.sub, claims))) throw new IdTokenError('TOKEN_EXPIRED', 'The sign-in has ended');
      // Signed by us before rotation existed: it names no chain, so it cannot be retired; it ends (migration 150).
      if (typeof payload.chain !== 'string' || typeof payload.gen !== 'number') {
        throw new IdTokenError('TOKEN_EXPIRED', 'The refresh token is from before refresh tokens rotated; sign in again');
      }
      return { identity: { uid: payload.sub, claims }, link: { chain: payload.chain, generation: payload.gen } };
    } catch (error) {
      throw asIdTokenError(error, 'INVALID_REFRESH_TOKEN', 'The refresh token is invalid');
    }
  }
}

function asIdTokenError(error: unknown, code: IdTokenErrorCode, message: string): IdTokenError {
  if (error instanceof IdTokenError) return error;
  // Not the token's fault: the caller answers 503 instead of ending the sign-in.
  if (isStorageUnavailable(error)) throw error;
  if (error instanceof joseErrors.JWTExpired) {
    return new IdTokenError(code === 'INVALID_ID_TOKEN' ? 'TOKEN_EXPIRED' : code, `${message}: it has expired`);
  }
  // jose's message names the failed check (signature, audience, ...) without echoing the token.
  const reason = error instanceof joseErrors.JOSEError ? `: ${error.message}` : '';
  return new IdTokenError(code, `${message}${reason}`);
}

/** The HS256 secret, created on first use and kept so tokens outlive a restart. */
async function loadOrCreateSecret(db: Db): Promise<Uint8Array> {
  const row: { secret: Buffer } | undefined = await db
    .selectFrom('realtime_secrets')
    .select('secret')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirst();
  if (row) return new Uint8Array(row.secret);
  // Two starts at once both insert; the first wins and both read it back.
  await db
    .insertInto('realtime_secrets')
    .values({ name: SECRET_NAME, secret: randomBytes(32), created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return loadOrCreateSecret(db);
}

/** How many checked ID tokens are remembered (one per signed-in browser tab, roughly). */
const VERIFIED_TOKENS_KEPT = 1000;

/**
 * ID tokens whose signature and claims were checked, by the whole token (signature included): a
 * table's opening logs 90 site sockets in with one token, and each HMAC check is a WebCrypto job.
 * Oldest out first.
 */
function createVerifiedTokens() {
  const tokens = new Map<string, JWTPayload>();
  return {
    get: (token: string) => tokens.get(token),
    delete: (token: string) => tokens.delete(token),
    remember(token: string, payload: JWTPayload): void {
      if (tokens.size >= VERIFIED_TOKENS_KEPT) tokens.delete(tokens.keys().next().value!);
      tokens.set(token, payload);
    },
  };
}
