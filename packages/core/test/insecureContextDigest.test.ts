import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { provideDigestOnInsecurePages } from '../src/session/insecureContextDigest.js';
import { sha256 } from '../src/session/sha256.js';

describe('SHA-256 for pages without WebCrypto (the portal on a LAN address over http)', () => {
  it('equals node:crypto for lengths around the block edges', () => {
    for (const length of [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const data = randomBytes(length);
      expect(Buffer.from(sha256(data)).toString('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  it('puts a digest on a crypto without subtle, and leaves a real one alone', async () => {
    const insecure = { crypto: { getRandomValues: globalThis.crypto.getRandomValues } as unknown as Crypto };
    provideDigestOnInsecurePages(insecure);
    const verifier = new TextEncoder().encode('x'.repeat(43));
    const digest = await insecure.crypto.subtle.digest('SHA-256', verifier);
    expect(Buffer.from(digest).toString('base64url')).toBe(createHash('sha256').update(verifier).digest('base64url'));
    await expect(insecure.crypto.subtle.digest('SHA-1', verifier)).rejects.toThrow(/Only SHA-256/);

    const secure = { crypto: globalThis.crypto };
    const before = secure.crypto.subtle;
    provideDigestOnInsecurePages(secure);
    expect(secure.crypto.subtle).toBe(before);
  });
});
