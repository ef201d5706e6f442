import * as z from 'zod/mini';
import './zodLocale.js';
import { role } from './common.js';
import { userKeySchema } from './users.js';

/**
 * Directory sync (issue 36): a partner's SCIM 2.0 connections, which an identity provider (Entra ID,
 * Okta) uses to create, update and deactivate the partner's users at `<publicOrigin>/scim/v2`, and the
 * Varde access each directory group carries. The connection's token is `varde_scim_` + 32 random base62
 * characters + a 6-character CRC32 checksum, shown once when made or rotated; the cloud keeps its hash.
 */
export const SCIM_TOKEN_PREFIX = 'varde_scim_';

export const connectionName = z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name is at most 100 characters'));

/** POST /directory/connections. */
export const createConnectionRequest = z.object({ name: connectionName });
export type CreateConnectionRequest = z.input<typeof createConnectionRequest>;

/** A connection as listed: never its token. Times are epoch milliseconds. */
export const directoryConnection = z.object({
  id: z.string(),
  name: z.string(),
  partner: z.string(),
  createdAt: z.number(),
  createdBy: z.string(),
  rotatedAt: z.nullable(z.number()),
  revokedAt: z.nullable(z.number()),
  /** The users and groups this connection made that are still linked to it. */
  users: z.number(),
  groups: z.number(),
});
export type DirectoryConnection = z.infer<typeof directoryConnection>;

export const listConnectionsResponse = z.object({ data: z.array(directoryConnection) });
export type ListConnectionsResponse = z.infer<typeof listConnectionsResponse>;

/** POST /directory/connections and POST /directory/connections/{id}/rotate: the only answers with the token. */
export const createdConnection = z.object({
  connection: directoryConnection,
  /** What the identity provider calls "Tenant URL" (Entra) or "SCIM connector base URL" (Okta). */
  baseUrl: z.string(),
  token: z.string(),
});
export type CreatedConnection = z.infer<typeof createdConnection>;

/** A directory group and the access it carries (role null: none mapped yet, the group gives nothing). */
export const directoryGroup = z.object({
  id: z.string(),
  displayName: z.string(),
  externalId: z.nullable(z.string()),
  connectionId: z.string(),
  role: z.nullable(role),
  sites: z.array(z.string()),
  members: z.number(),
});
export type DirectoryGroup = z.infer<typeof directoryGroup>;

export const listDirectoryGroupsResponse = z.object({ data: z.array(directoryGroup) });
export type ListDirectoryGroupsResponse = z.infer<typeof listDirectoryGroupsResponse>;

/** PUT /directory/groups/{id}/access: role null takes the mapping away. */
export const mapGroupRequest = z.object({
  role: z.nullable(role),
  sites: z.array(userKeySchema).check(z.maxLength(10_000)),
});
export type MapGroupRequest = z.input<typeof mapGroupRequest>;
