import {
  createdConnection,
  directoryGroup,
  listConnectionsResponse,
  listDirectoryGroupsResponse,
  type CreatedConnection,
  type DirectoryConnection,
  type DirectoryGroup,
  type MapGroupRequest,
} from '@varde/core/contract';
import { session } from '../../app/session.js';

/**
 * The users service's directory sync (issue 36, /cloud/users/directory): a created or rotated connection's
 * token is in the answer only; the page shows it once and keeps it nowhere else.
 */
export async function listConnections(): Promise<DirectoryConnection[]> {
  return (await session.http.request('users', '/directory/connections', { schema: listConnectionsResponse })).data;
}

export function createConnection(name: string): Promise<CreatedConnection> {
  return session.http.request('users', '/directory/connections', { method: 'POST', body: { name }, schema: createdConnection });
}

export function rotateConnection(id: string): Promise<CreatedConnection> {
  return session.http.request('users', `/directory/connections/${encodeURIComponent(id)}/rotate`, { method: 'POST', schema: createdConnection });
}

export async function revokeConnection(id: string): Promise<void> {
  await session.http.request('users', `/directory/connections/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function listGroups(): Promise<DirectoryGroup[]> {
  return (await session.http.request('users', '/directory/groups', { schema: listDirectoryGroupsResponse })).data;
}

export function mapGroup(id: string, access: MapGroupRequest): Promise<DirectoryGroup> {
  return session.http.request('users', `/directory/groups/${encodeURIComponent(id)}/access`, { method: 'PUT', body: access, schema: directoryGroup });
}
