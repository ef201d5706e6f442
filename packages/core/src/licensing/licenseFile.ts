import { license as licenseSchema, LICENSE_FILE_TYPE, type License, type LicenseJwks } from '../contract/licensing.js';

/**
 * Licence files: a compact JWS (`header.payload.signature`, base64url) whose payload is the licence,
 * signed with the licensing service's Ed25519 key. Verification uses WebCrypto only, so it runs in
 * Node (the CLI), in browsers and anywhere a controller has the published JWKS, offline.
 */
export interface DecodedLicenseFile {
  header: { alg?: string; kid?: string; typ?: string };
  license: License;
  /** The issuer named in the payload (the licensing service's URL). */
  issuer?: string;
}

export type LicenseVerification =
  | { valid: true; license: License; issuer?: string; kid: string }
  | { valid: false; reason: 'malformed' | 'unknown-key' | 'bad-signature' | 'expired'; message: string; license?: License };

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function base64urlJson(text: string): unknown {
  return JSON.parse(new TextDecoder().decode(base64urlBytes(text)));
}

/** Reads a licence file without checking its signature (for display); throws on anything malformed. */
export function decodeLicenseFile(file: string): DecodedLicenseFile {
  const parts = file.trim().split('.');
  if (parts.length !== 3) throw new Error('A licence file has three dot-separated parts');
  const header = base64urlJson(parts[0]!) as DecodedLicenseFile['header'];
  const payload = base64urlJson(parts[1]!) as Record<string, unknown>;
  const parsed = licenseSchema.safeParse(payload);
  if (!parsed.success) throw new Error('The licence file does not hold a licence');
  return { header, license: parsed.data, ...(typeof payload.iss === 'string' ? { issuer: payload.iss } : {}) };
}

/** Checks a licence file's signature against the published keys and its expiry (`exp`, epoch ms) at `now`. */
export async function verifyLicenseFile(
  file: string,
  jwks: LicenseJwks,
  options: { now?: number } = {},
): Promise<LicenseVerification> {
  let decoded: DecodedLicenseFile;
  try {
    decoded = decodeLicenseFile(file);
  } catch (error) {
    return { valid: false, reason: 'malformed', message: `Not a licence file: ${(error as Error).message}` };
  }
  const { header, license } = decoded;
  if (header.alg !== 'EdDSA' || header.typ !== LICENSE_FILE_TYPE) {
    return { valid: false, reason: 'malformed', message: 'Not a Varde licence file (unexpected header)', license };
  }
  const jwk = jwks.keys.find((key) => key.kid === header.kid);
  if (!jwk) return { valid: false, reason: 'unknown-key', message: `Signed with an unknown key (${header.kid ?? 'no key id'})`, license };
  const [headerPart, payloadPart, signaturePart] = file.trim().split('.') as [string, string, string];
  let signatureOk = false;
  try {
    const key = await globalThis.crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, { name: 'Ed25519' }, false, ['verify']);
    signatureOk = await globalThis.crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      base64urlBytes(signaturePart),
      new TextEncoder().encode(`${headerPart}.${payloadPart}`),
    );
  } catch {
    signatureOk = false;
  }
  if (!signatureOk) return { valid: false, reason: 'bad-signature', message: 'The signature does not match: the file was changed or not issued by this cloud', license };
  const now = options.now ?? Date.now();
  if (license.exp <= now) {
    return { valid: false, reason: 'expired', message: `The licence expired on ${license.licenseInfo.expirationDate}`, license };
  }
  return { valid: true, license, kid: jwk.kid, ...(decoded.issuer ? { issuer: decoded.issuer } : {}) };
}
