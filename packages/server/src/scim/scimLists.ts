import type { CloudContext } from '../context.js';
import { groupResourceOf, FILTERABLE_GROUP_ATTRIBUTES } from './scimGroups.js';
import { membersOf, scimGroupById, scimGroupsOf } from './scimGroupStore.js';
import type { ScimCaller } from './scimCaller.js';
import { equalityOn, matcherOf, parseScimFilter } from './scimFilter.js';
import { attributeOf, pagingOf } from './scimRequest.js';
import { LIST_RESPONSE_SCHEMA } from './scimSchemas.js';
import { groupRefsOf, scimUserByEmail, scimUserByExternalId, scimUserByUid, scimUsersOf } from './scimUserStore.js';
import { FILTERABLE_USER_ATTRIBUTES, userResourceOf, type StoredScimUser } from './userResource.js';

type Query = Record<string, unknown>;

/** `attributes` and `excludedAttributes` (RFC 7644 section 3.4.2.5) as lower-case top-level names. */
function namesOf(query: Query, parameter: string): Set<string> | null {
  const raw = attributeOf(query, parameter);
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  return new Set(raw.split(',').map((name) => name.trim().split(/[.:]/)[0]!.toLowerCase()).filter((name) => name !== ''));
}

const ALWAYS = new Set(['id', 'schemas', 'meta']);

/** A resource with only the asked-for attributes (id, schemas and meta always), or without the excluded ones. */
export function projected(resource: Record<string, unknown>, query: Query): Record<string, unknown> {
  const only = namesOf(query, 'attributes');
  const excluded = namesOf(query, 'excludedAttributes');
  if (!only && !excluded) return resource;
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => {
      const name = key.toLowerCase();
      if (ALWAYS.has(name)) return true;
      if (only) return only.has(name);
      return !excluded!.has(name);
    }),
  );
}

/** Whether an answer leaves out `name` (then it is not read). */
export function leavesOut(query: Query, name: string): boolean {
  const only = namesOf(query, 'attributes');
  const excluded = namesOf(query, 'excludedAttributes');
  return (only !== null && !only.has(name)) || (excluded !== null && excluded.has(name));
}

function listResponse(resources: Array<Record<string, unknown>>, total: number, startIndex: number) {
  return { schemas: [LIST_RESPONSE_SCHEMA], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

/**
 * GET /Users. `userName eq`, `externalId eq` and `id eq` (how Entra and Okta look a user up before each
 * write) are one indexed read; any other filter is matched against the partner's directory users.
 */
export async function listScimUsers(ctx: CloudContext, caller: ScimCaller, query: Query) {
  const { startIndex, count } = pagingOf(query);
  const partner = caller.connection.partner;
  const filterText = attributeOf(query, 'filter');
  let matching: StoredScimUser[];
  if (typeof filterText === 'string' && filterText.trim() !== '') {
    const filter = parseScimFilter(filterText, FILTERABLE_USER_ATTRIBUTES);
    const userName = equalityOn(filter, 'userName');
    const externalId = equalityOn(filter, 'externalId');
    const id = equalityOn(filter, 'id');
    if (userName !== null || externalId !== null || id !== null) {
      const one =
        userName !== null ? await scimUserByEmail(ctx.db, partner, userName)
        : externalId !== null ? await scimUserByExternalId(ctx.db, partner, externalId)
        : await scimUserByUid(ctx.db, partner, id!);
      matching = one ? [one] : [];
    } else {
      const matches = matcherOf(filter);
      matching = (await scimUsersOf(ctx.db, partner)).filter((user) => matches(userResourceOf(user, undefined, caller.baseUrl)));
    }
  } else {
    matching = await scimUsersOf(ctx.db, partner);
  }
  const page = matching.slice(startIndex - 1, startIndex - 1 + count);
  const groups = leavesOut(query, 'groups') ? undefined : await groupRefsOf(ctx.db, page.map((user) => user.uid));
  const resources = page.map((user) => projected(userResourceOf(user, groups ? groups.get(user.uid) : undefined, caller.baseUrl), query));
  return listResponse(resources, matching.length, startIndex);
}

/** GET /Groups: `displayName eq` and `id eq` read one group; other filters are matched against the partner's groups. */
export async function listScimGroups(ctx: CloudContext, caller: ScimCaller, query: Query) {
  const { startIndex, count } = pagingOf(query);
  const partner = caller.connection.partner;
  const filterText = attributeOf(query, 'filter');
  let groups = await (async () => {
    if (typeof filterText !== 'string' || filterText.trim() === '') return scimGroupsOf(ctx.db, partner);
    const filter = parseScimFilter(filterText, FILTERABLE_GROUP_ATTRIBUTES);
    const id = equalityOn(filter, 'id');
    if (id !== null) {
      const one = await scimGroupById(ctx.db, partner, id);
      return one ? [one] : [];
    }
    const all = await scimGroupsOf(ctx.db, partner);
    const needsMembers = /members/i.test(filterText);
    const members = needsMembers ? await membersOf(ctx.db, all.map((group) => group.id)) : undefined;
    const matches = matcherOf(filter);
    return all.filter((group) => matches(groupResourceOf(group, members?.get(group.id) ?? [], caller.baseUrl)));
  })();
  const total = groups.length;
  groups = groups.slice(startIndex - 1, startIndex - 1 + count);
  const members = leavesOut(query, 'members') ? undefined : await membersOf(ctx.db, groups.map((group) => group.id));
  const resources = groups.map((group) => projected(groupResourceOf(group, members ? (members.get(group.id) ?? []) : undefined, caller.baseUrl), query));
  return listResponse(resources, total, startIndex);
}
