import { describe, expect, it } from 'vitest';
import { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from '../src/auth/secrets.js';

/** How many turns the event loop makes while `work` runs: none when it blocks the loop. */
async function loopTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const spin = () => {
    if (done) return;
    turns += 1;
    setImmediate(spin);
  };
  setImmediate(spin);
  await work();
  done = true;
  return turns;
}

describe('password hashing', () => {
  it('checks a password against its hash, in any Unicode normal form', async () => {
    const hash = await hashPassword('Sk\u00e5l-2026');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('Sk\u00e5l-2026', hash)).toBe(true);
    expect(await verifyPassword('Ska\u030al-2026', hash)).toBe(true);
    expect(await verifyPassword('skål-2026', hash)).toBe(false);
    expect(await hashPassword('Sk\u00e5l-2026')).not.toBe(hash);
  });

  it('leaves the event loop free while it hashes: other requests, pushes and timers go on', async () => {
    // scryptSync took about 60 ms a hash on the loop itself: not one turn while it ran.
    expect(await loopTurnsDuring(() => hashPassword('a password'))).toBeGreaterThan(10);
    const hash = await hashPassword('a password');
    expect(await loopTurnsDuring(() => verifyPassword('a guess', hash))).toBeGreaterThan(10);
  });

  it('costs an unknown account the same as a known one, and its decoy matches no password', async () => {
    const real = await hashPassword('x');
    expect(DECOY_PASSWORD_HASH.split('$').slice(0, 4)).toEqual(real.split('$').slice(0, 4));
    expect(DECOY_PASSWORD_HASH.split('$')[5]).toHaveLength(real.split('$')[5]!.length);
    for (const guess of ['', 'x', 'demo1234']) expect(await verifyPassword(guess, DECOY_PASSWORD_HASH)).toBe(false);
  });

  it('refuses a stored value that is no scrypt hash', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$10$abc')).toBe(false);
  });
});
