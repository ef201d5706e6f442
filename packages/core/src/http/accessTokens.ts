import type { AccessTokens } from '../contract/auth.js';

/**
 * The token for a service. `accessTokens` is keyed by service host name (`controllers-api.<domain>`);
 * like the real cloud's public clients we take the key that starts with the service name. A key that
 * is the name followed by a dot wins over a looser prefix match, so `api` never picks `api-foo.…`.
 */
export function findAccessToken(accessTokens: AccessTokens | null | undefined, service: string): string {
  const entries = Object.entries(accessTokens ?? {});
  const exact = entries.find(([key]) => key === service || key.startsWith(`${service}.`));
  const loose = exact ?? entries.find(([key]) => key.startsWith(service));
  if (!loose) throw new Error(`Failed to find access token for service ${service}`);
  return loose[1];
}

/** Like findAccessToken, but undefined instead of an error. */
export function tryFindAccessToken(
  accessTokens: AccessTokens | null | undefined,
  service: string,
): string | undefined {
  try {
    return findAccessToken(accessTokens, service);
  } catch {
    return undefined;
  }
}
