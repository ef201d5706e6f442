import { MAX_TOKEN_DAYS, type AccessTokenInfo, type CreateTokenRequest, type CreatedToken } from '@varde/core/contract';
import { usageError } from '../errors.js';
import { formatTimestamp, type Output } from '../output/output.js';

/** What `tokens create` and `service-accounts tokens create` take. */
export interface CreateTokenOptions {
  name: string;
  scope?: string;
  expires?: string;
}

/** `--expires 30` (days), `--expires never` where allowed; checked before anything is sent. */
export function createTokenBody(options: CreateTokenOptions, neverAllowed: boolean): CreateTokenRequest {
  const body: CreateTokenRequest = { name: options.name };
  if (options.scope !== undefined) {
    if (options.scope !== 'read' && options.scope !== 'write') throw usageError(`Invalid --scope "${options.scope}": use read or write.`);
    body.scope = options.scope;
  }
  if (options.expires === 'never') {
    if (!neverAllowed) throw usageError("--expires never: only a service account's token may never expire; give days (1 to 366).");
    body.expiresInDays = null;
  } else if (options.expires !== undefined) {
    const days = Number(options.expires);
    if (!Number.isInteger(days) || days < 1 || days > MAX_TOKEN_DAYS) {
      throw usageError(`Invalid --expires "${options.expires}": give whole days from 1 to ${MAX_TOKEN_DAYS}${neverAllowed ? ', or never' : ''}.`);
    }
    body.expiresInDays = days;
  }
  return body;
}

/** The one time a token's secret is shown: under --json one document holding it, else the token on stdout. */
export function printCreatedToken(output: Output, created: CreatedToken): void {
  if (output.json) return output.printJson(created);
  output.message(`Token "${created.name}" (${created.scope}, ${created.expiresAt === null ? 'never expires' : `expires ${formatTimestamp(created.expiresAt)}`}). It is shown only now:`);
  process.stdout.write(`${created.token}\n`);
}

export function printTokenList(output: Output, tokens: readonly AccessTokenInfo[]): void {
  output.list(
    tokens,
    [
      { header: 'Id', value: (token) => token.id },
      { header: 'Name', value: (token) => token.name },
      { header: 'Scope', value: (token) => token.scope },
      { header: 'Created', value: (token) => formatTimestamp(token.createdAt) },
      { header: 'Expires', value: (token) => (token.expiresAt === null ? 'never' : formatTimestamp(token.expiresAt)) },
      { header: 'Last used', value: (token) => formatTimestamp(token.lastUsedAt ?? undefined) },
      { header: 'From', value: (token) => token.lastUsedAddress },
    ],
    { jsonValue: tokens, empty: 'No access tokens.' },
  );
}

export const EXPIRES_HELP = `days until it expires, 1 to ${MAX_TOKEN_DAYS} (default 90)`;
