import { createHmac } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../storage/db.js';

export const SIGNING_ALGORITHM = 'RS256';

/**
 * The cloud's one signing key pair (RS256). It signs the per-service access tokens, the realtime
 * database's custom tokens and (through oidc-provider's jwks) the ID tokens. Created on first start
 * and kept in the database, so tokens stay valid across restarts with --data.
 */
export interface SigningKeys {
  kid: string;
  /** Includes `kid`, `alg` and `use`, ready for a JWKS (oidc-provider's `jwks.keys`). */
  privateJwk: JWK;
  publicJwk: JWK;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Secrets for signed cookies (oidc-provider's `cookies.keys`), derived from the private key. */
  cookieKeys: string[];
}

interface StoredKeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
}

/**
 * The stored key, or a new one. The key is read back after the insert, oldest first (ties by kid):
 * when two nodes start on one new database at once, the later one takes the key the first stored.
 */
export async function loadOrCreateSigningKeys(db: Db, now: number): Promise<SigningKeys> {
  const stored = await storedKey(db);
  if (stored) return stored;

  const pair = await generateKeyPair(SIGNING_ALGORITHM, { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const described = { kid, alg: SIGNING_ALGORITHM, use: 'sig' };
  const privateJwk = { ...(await exportJWK(pair.privateKey)), ...described };
  const publicWithKid = { ...publicJwk, ...described };
  await db
    .insertInto('signing_keys')
    .values({ kid, private_jwk: JSON.stringify(privateJwk), public_jwk: JSON.stringify(publicWithKid), created_at: now })
    .execute();
  return (await storedKey(db))!;
}

async function storedKey(db: Db): Promise<SigningKeys | null> {
  const row = (await db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk', 'public_jwk'])
    .orderBy('created_at')
    .orderBy('kid')
    .limit(1)
    .executeTakeFirst()) as StoredKeyRow | undefined;
  return row ? importKeys(row.kid, JSON.parse(row.private_jwk) as JWK, JSON.parse(row.public_jwk) as JWK) : null;
}

async function importKeys(kid: string, privateJwk: JWK, publicJwk: JWK): Promise<SigningKeys> {
  const privateKey = (await importJWK(privateJwk, SIGNING_ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, SIGNING_ALGORITHM)) as CryptoKey;
  return { kid, privateJwk, publicJwk, privateKey, publicKey, cookieKeys: deriveCookieKeys(privateJwk) };
}

/** Stable across restarts (derived, not stored) and distinct from the signing key itself. */
function deriveCookieKeys(privateJwk: JWK): string[] {
  const secret = privateJwk.d ?? '';
  return ['cookie-key-1', 'cookie-key-2'].map((label) =>
    createHmac('sha256', secret).update(label).digest('base64url'),
  );
}
