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

export async function loadOrCreateSigningKeys(db: Db, now: number): Promise<SigningKeys> {
  const row = db.prepare('SELECT kid, private_jwk, public_jwk FROM signing_keys ORDER BY created_at LIMIT 1').get() as
    | StoredKeyRow
    | undefined;
  if (row) return importKeys(row.kid, JSON.parse(row.private_jwk) as JWK, JSON.parse(row.public_jwk) as JWK);

  const pair = await generateKeyPair(SIGNING_ALGORITHM, { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const described = { kid, alg: SIGNING_ALGORITHM, use: 'sig' };
  const privateJwk = { ...(await exportJWK(pair.privateKey)), ...described };
  const publicWithKid = { ...publicJwk, ...described };
  db.prepare('INSERT INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES (?, ?, ?, ?)').run(
    kid,
    JSON.stringify(privateJwk),
    JSON.stringify(publicWithKid),
    now,
  );
  return importKeys(kid, privateJwk, publicWithKid);
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
