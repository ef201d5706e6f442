import { createHash, createPrivateKey, createPublicKey, hkdfSync, sign, type KeyObject } from 'node:crypto';
import { LICENSE_FILE_TYPE, type License } from '@varde/core/contract';
import type { SigningKeys } from '../tokens/keys.js';

/**
 * The licence-signing key: Ed25519 (JWS `alg: EdDSA`), separate from the RS256 key that signs access
 * tokens, with its own key id, published at GET {licensing}/.well-known/jwks.json for controllers to
 * verify licence files offline. It is derived (HKDF-SHA256) from the cloud's stored private key, so it
 * needs no storage of its own and stays the same across restarts; a new cloud key means a new licence key.
 */
export interface LicenseSigningKey {
  kid: string;
  publicJwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' };
  privateKey: KeyObject;
}

/** PKCS#8 prefix of a raw 32-byte Ed25519 seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function deriveLicenseSigningKey(keys: Pick<SigningKeys, 'privateJwk'>): LicenseSigningKey {
  const secret = Buffer.from(keys.privateJwk.d ?? '', 'base64url');
  if (secret.length === 0) throw new Error('The cloud key has no private part');
  const seed = Buffer.from(hkdfSync('sha256', secret, 'varde', 'licence-signing-key:ed25519', 32));
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const x = (createPublicKey(privateKey).export({ format: 'jwk' }) as { x: string }).x;
  // RFC 7638 thumbprint: the required members in lexicographic order, no spaces.
  const kid = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url');
  return { kid, privateKey, publicJwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' } };
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** The licence file: a compact JWS whose payload is the licence (`exp` in epoch ms, as the spec has it). */
export function signLicenseFile(key: LicenseSigningKey, license: License, issuer: string): string {
  const header = base64url(JSON.stringify({ alg: 'EdDSA', kid: key.kid, typ: LICENSE_FILE_TYPE }));
  const payload = base64url(JSON.stringify({ ...license, iss: issuer }));
  const signature = sign(null, Buffer.from(`${header}.${payload}`), key.privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}
