import { SCIM_TOKEN_PREFIX } from '@varde/core/contract';
import { ACCESS_TOKEN_PREFIX } from '@varde/core/contract';
import { hasValidChecksum, newPersonalAccessToken } from '../tokens/patFormat.js';

/**
 * A connection's bearer token: the personal access token's shape (32 random base62 characters and 6 of
 * their CRC32, tokens/patFormat.ts) behind its own prefix, so secret scanners tell the two apart and a
 * mistyped token is refused before any database read.
 */
export function newConnectionToken(): string {
  return SCIM_TOKEN_PREFIX + newPersonalAccessToken().slice(ACCESS_TOKEN_PREFIX.length);
}

/** Shape and checksum, with no database read. */
export function isWellFormedConnectionToken(token: string): boolean {
  return token.startsWith(SCIM_TOKEN_PREFIX) && hasValidChecksum(ACCESS_TOKEN_PREFIX + token.slice(SCIM_TOKEN_PREFIX.length));
}
