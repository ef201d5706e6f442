import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { ACCESS_TOKEN_PREFIX } from '@varde/core/contract';

/**
 * The shape of a personal access token, as GitHub's: a prefix secret scanners match, 32 random base62
 * characters (190 bits), and 6 base62 characters of the CRC32 of the random part, so a mistyped or
 * truncated token is refused without asking the database.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const SHAPE = new RegExp(`^${ACCESS_TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(value: number, length: number): string {
  let out = '';
  for (let rest = value; out.length < length; rest = Math.floor(rest / 62)) out = BASE62[rest % 62] + out;
  return out;
}

function randomBase62(length: number): string {
  // Rejection sampling: bytes >= 248 would bias the first 8 characters of the alphabet.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) if (byte < 248 && out.length < length) out += BASE62[byte % 62];
  }
  return out;
}

const checksumOf = (random: string) => base62(crc32(random), CHECKSUM_LENGTH);

export function newPersonalAccessToken(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${ACCESS_TOKEN_PREFIX}${random}${checksumOf(random)}`;
}

/** Whether the text claims to be one of our tokens (then it is never tried as a JWT). */
export function looksLikePersonalAccessToken(token: string): boolean {
  return token.startsWith(ACCESS_TOKEN_PREFIX);
}

/** Shape and checksum, with no database read. */
export function hasValidChecksum(token: string): boolean {
  if (!SHAPE.test(token)) return false;
  const body = token.slice(ACCESS_TOKEN_PREFIX.length);
  const random = body.slice(0, RANDOM_LENGTH);
  return body.slice(RANDOM_LENGTH) === checksumOf(random);
}

/** The personal access token of an `Authorization: Bearer varde_pat_…` header, else undefined. */
export function personalTokenIn(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] && looksLikePersonalAccessToken(match[1]) ? match[1] : undefined;
}
