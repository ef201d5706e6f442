import { getGrantable, listAllSites } from '@varde/core';
import type { Role } from '@varde/core/contract';
import { session } from '../../app/session.js';

export interface SiteOption {
  uuid: string;
  name: string;
}

export interface GrantOptions {
  roles: Role[];
  sites: SiteOption[];
}

/**
 * What the admin may give a service account: the roles and sites of GET /users/grantable (the same rule
 * as for a person), each site named from the admin's own site lists.
 */
export async function loadGrantOptions(): Promise<GrantOptions> {
  const [grantable, normal, administered] = await Promise.all([
    getGrantable(session.http),
    listAllSites(session.http, { list: 'controllers' }),
    listAllSites(session.http, { list: 'adminControllers' }),
  ]);
  const names = new Map([...normal, ...administered].map((site) => [site.uuid, site.name]));
  const sites = grantable.controllers
    .map((uuid) => ({ uuid, name: names.get(uuid) ?? uuid }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nb') || a.uuid.localeCompare(b.uuid));
  return { roles: grantable.roles, sites };
}

/** The least a job needs unless the admin chooses otherwise. */
export function defaultRole(roles: readonly Role[]): Role | undefined {
  return roles.includes('Viewer') ? 'Viewer' : roles.at(-1);
}
