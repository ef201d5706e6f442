import { sha256 } from './sha256.js';

/**
 * oidc-client-ts makes the PKCE challenge with `crypto.subtle.digest('SHA-256')`, and browsers hide
 * `crypto.subtle` on plain-http pages other than localhost (the portal at http://192.168.1.20:8080 on a
 * LAN). There a digest-only stand-in is put on `crypto` before the client loads, so the sign-in works on
 * every address the cloud serves the portal on. The verifier still comes from `crypto.getRandomValues`,
 * which every page has; secure pages keep the browser's own WebCrypto.
 */
export function provideDigestOnInsecurePages(target: { crypto?: Crypto } = globalThis): void {
  const crypto = target.crypto;
  if (!crypto || crypto.subtle) return;
  const digest = async (algorithm: AlgorithmIdentifier, data: BufferSource): Promise<ArrayBuffer> => {
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    if (name.toUpperCase() !== 'SHA-256') throw new Error(`Only SHA-256 is available on a page without WebCrypto, not ${name}`);
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    return sha256(bytes).buffer as ArrayBuffer;
  };
  Object.defineProperty(crypto, 'subtle', { value: { digest }, configurable: true });
}
