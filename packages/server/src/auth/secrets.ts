import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** A random, URL-safe secret (session ids, reset tickets). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** How secrets are kept in the database: only their SHA-256. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

// scrypt with node's default cost (N=2^14, r=8, p=1): tens of ms per hash, memory-hard; enough for a
// reference server while keeping seeding and tests quick. The parameters are stored in each hash.
const SCRYPT = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * scrypt on libuv's thread pool: a hash takes about 60 ms of CPU, and on the event loop (scryptSync) every
 * other request, socket push and timer of the node waited for each sign-in, password change or imported
 * password (a burst of wrong passwords stalled the whole cloud).
 */
function scryptKey(password: string, salt: Buffer, length: number, cost: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, length, cost, (error, key) => (error ? reject(error) : resolve(key))));
}

/** `scrypt$N$r$p$<salt b64url>$<key b64url>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptKey(password, salt, KEY_LENGTH, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptKey(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

/**
 * A stored hash to check against when the account does not exist, so timing does not tell: the same
 * cost as a real one, and a random key that no password gives.
 */
export const DECOY_PASSWORD_HASH = ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, randomBytes(16).toString('base64url'), randomBytes(KEY_LENGTH).toString('base64url')].join('$');
