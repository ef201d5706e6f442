import { describe, expect, it } from 'vitest';
import { verifiedClaims } from '../src/tokens/verifiedTokens.js';

/** A token's signature is checked once per signing key and audience, and again once it has expired. */
describe('verified access tokens', () => {
  it('checks a token once until it expires, per key and per audience', async () => {
    const key = {};
    let checks = 0;
    const verify = async () => ((checks += 1), { sub: 'u', exp: 100 });
    await verifiedClaims(key, 't', 'alarms.localhost', 1_000, verify);
    await verifiedClaims(key, 't', 'alarms.localhost', 99_999, verify);
    expect(checks).toBe(1);
    await verifiedClaims(key, 't', 'users.localhost', 1_000, verify);
    await verifiedClaims({}, 't', 'alarms.localhost', 1_000, verify);
    expect(checks).toBe(3);
    // From its `exp` second on, the check runs again (and jose refuses it there).
    await expect(verifiedClaims(key, 't', 'alarms.localhost', 100_000, async () => Promise.reject(new Error('expired')))).rejects.toThrow('expired');
  });

  it('keeps nothing that failed its check', async () => {
    const key = {};
    await expect(verifiedClaims(key, 't', 'a', 0, async () => Promise.reject(new Error('bad signature')))).rejects.toThrow('bad signature');
    let checks = 0;
    await verifiedClaims(key, 't', 'a', 0, async () => ((checks += 1), { exp: 10 }));
    expect(checks).toBe(1);
  });
});
