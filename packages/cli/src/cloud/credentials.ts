import { ACCESS_TOKEN_PREFIX, TOKEN_SERVICES, accessTokens as accessTokensSchema, type AccessTokens } from '@varde/core/contract';
import { CliError } from '../errors.js';
import { EXIT } from '../exitCodes.js';

/** Service tokens plus when they expire (unknown for tokens given from outside). */
export interface Credentials {
  accessTokens: AccessTokens;
  expiresAt?: number;
}

/** A personal or service account's access token (`varde_pat_…`) stands for every service, and is never renewed. */
export function personalTokenCredentials(token: string): Credentials {
  return { accessTokens: Object.fromEntries(TOKEN_SERVICES.map((service) => [service, token])) };
}

/** Whether these credentials are a personal access token (nothing to renew: it lives until it expires or is revoked). */
export function isPersonalToken(credentials: Credentials | undefined): boolean {
  return Object.values(credentials?.accessTokens ?? {}).some((token) => token.startsWith(ACCESS_TOKEN_PREFIX));
}

/**
 * A token given on stdin (`varde login --with-token`) or in VARDE_TOKEN. Accepted forms:
 * - a personal or service account's access token (`varde_pat_…`), used as it is for every service;
 * - the auth service's token alone (a bare string): the CLI exchanges it for service tokens;
 * - a JSON map of access tokens keyed by host name, as POST /login answers it;
 * - a JSON object with `accessTokens` (and optionally `expiresAt`), such as the whole /login answer.
 */
export function parseGivenToken(text: string, source: string): Credentials {
  const trimmed = text.trim();
  if (trimmed === '') throw new CliError(`${source} is empty: expected a token or a JSON access-token map.`, EXIT.usage);
  if (!trimmed.startsWith('{')) {
    if (/\s/.test(trimmed)) throw new CliError(`${source}: a token is one word without spaces.`, EXIT.usage);
    if (trimmed.startsWith(ACCESS_TOKEN_PREFIX)) return personalTokenCredentials(trimmed);
    // Keyed by the bare service name, which findAccessToken matches for 'auth'.
    return { accessTokens: { auth: trimmed } };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    throw new CliError(`${source} starts with '{' but is not valid JSON.`, EXIT.usage);
  }
  const wrapped = typeof value === 'object' && value !== null && 'accessTokens' in value;
  const map = accessTokensSchema.safeParse(wrapped ? (value as { accessTokens: unknown }).accessTokens : value);
  if (!map.success || Object.keys(map.data).length === 0) {
    throw new CliError(`${source}: expected a non-empty map of host name to token.`, EXIT.usage);
  }
  const expiresAt = wrapped ? (value as { expiresAt?: unknown }).expiresAt : undefined;
  return typeof expiresAt === 'number' ? { accessTokens: map.data, expiresAt } : { accessTokens: map.data };
}
