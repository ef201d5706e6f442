import * as z from 'zod/mini';
import './zodLocale.js';
import { moduleKey, role } from './common.js';
import { userKeySchema } from './users.js';

/**
 * Personal access tokens and service accounts (issue 34): credentials for jobs that run with nobody at
 * the keyboard. A token is `varde_pat_` + 32 random base62 characters + a 6-character CRC32 checksum,
 * shown once when made; the cloud keeps only its hash.
 */
export const ACCESS_TOKEN_PREFIX = 'varde_pat_';
/** A token's expiry when none is asked for, and the longest a person's token may live. */
export const DEFAULT_TOKEN_DAYS = 90;
export const MAX_TOKEN_DAYS = 366;

/** 'read': GET only (every write answers 403); 'write': everything the account itself may do. */
export const tokenScope = z.enum(['read', 'write']);
export type TokenScope = z.infer<typeof tokenScope>;

export const tokenName = z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name is at most 100 characters'));

/**
 * POST /tokens. `expiresInDays` 1–366 (default 90); `null` means never, which only a service account's
 * token may ask for.
 */
export const createTokenRequest = z.object({
  name: tokenName,
  scope: z.optional(tokenScope),
  expiresInDays: z.optional(z.nullable(z.number().check(z.int('expiresInDays must be a whole number of days'), z.minimum(1, 'expiresInDays must be at least 1'), z.maximum(MAX_TOKEN_DAYS, `expiresInDays must be at most ${MAX_TOKEN_DAYS}`)))),
});
export type CreateTokenRequest = z.input<typeof createTokenRequest>;

/** A token as listed: never its secret. Times are epoch milliseconds. */
export const accessTokenInfo = z.object({
  id: z.string(),
  name: z.string(),
  scope: tokenScope,
  createdAt: z.number(),
  expiresAt: z.nullable(z.number()),
  lastUsedAt: z.nullable(z.number()),
  lastUsedAddress: z.nullable(z.string()),
});
export type AccessTokenInfo = z.infer<typeof accessTokenInfo>;

/** The answer to POST /tokens: the only time the secret is shown. */
export const createdToken = z.object({ ...accessTokenInfo.shape, token: z.string() });
export type CreatedToken = z.infer<typeof createdToken>;

export const listTokensResponse = z.object({ data: z.array(accessTokenInfo) });
export type ListTokensResponse = z.infer<typeof listTokensResponse>;

/** POST /service-accounts: a partner's non-human account, with a role and site grants. */
export const createServiceAccountRequest = z.object({
  name: tokenName,
  role: role,
  controllers: z.optional(z.record(userKeySchema, z.literal(true))),
  moduleAccesses: z.optional(z.partialRecord(moduleKey, z.literal(true))),
});
export type CreateServiceAccountRequest = z.input<typeof createServiceAccountRequest>;

export const serviceAccount = z.object({
  uid: z.string(),
  name: z.string(),
  role: role,
  partner: z.string(),
  controllers: z.record(z.string(), z.literal(true)),
  createdAt: z.number(),
  createdBy: z.string(),
  tokens: z.number(),
});
export type ServiceAccount = z.infer<typeof serviceAccount>;

export const listServiceAccountsResponse = z.object({ data: z.array(serviceAccount) });
export type ListServiceAccountsResponse = z.infer<typeof listServiceAccountsResponse>;
