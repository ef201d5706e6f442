import type { FastifyInstance } from 'fastify';
import type { CloudContext } from '../context.js';
import { HttpError } from '../http/HttpError.js';

/** What the directory writes of every user it manages (userName, name, phone, preferredLanguage, active). */
const ALWAYS_OWNED = ['username', 'name', 'phone', 'language', 'disabled', 'source'];
/** What it writes once its groups carry access (a partner admin mapped any of them). */
const OWNED_WITH_GROUPS = ['role', 'controllers', 'moduleAccesses'];

const USER_ROUTE = '/cloud/users/users/:id';
const GRANT_ROUTE = /^\/cloud\/users\/users\/:id\/(sites|modules)\/:key$/;

interface Manager {
  name: string;
  mapsGroups: boolean;
}

async function managerOf(ctx: Pick<CloudContext, 'db'>, uid: string): Promise<Manager | null> {
  const row = (await ctx.db
    .selectFrom('scim_users as s')
    .innerJoin('scim_connections as c', 'c.id', 's.connection_id')
    .select(['c.name', 'c.id'])
    .where('s.uid', '=', uid)
    .executeTakeFirst()) as { name: string; id: string } | undefined;
  if (!row) return null;
  const mapped = await ctx.db.selectFrom('scim_groups').select('id').where('connection_id', '=', row.id).where('role', 'is not', null).limit(1).executeTakeFirst();
  return { name: row.name, mapsGroups: mapped !== undefined };
}

function refused(manager: Manager, what: string): HttpError {
  return new HttpError(409, `The directory "${manager.name}" (SCIM) manages this user's ${what}: change it there`);
}

/**
 * A local edit of what the directory owns would be undone at its next sync, so it is refused, naming
 * the directory: PATCH /users/{id} of its fields, a grant of sites or modules once groups carry access,
 * and DELETE (the directory deactivates or deletes). A password, a reset e-mail and licensing partners
 * stay the partner admins'. Runs after the access hook and the body's parsing, before the route.
 */
export function registerDirectoryOwnership(app: FastifyInstance, ctx: Pick<CloudContext, 'db'>): void {
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith('/cloud/users/users/:id')) return;
    const grant = GRANT_ROUTE.exec(url);
    const isUser = url === USER_ROUTE && (request.method === 'PATCH' || request.method === 'DELETE');
    if (!isUser && !grant) return;
    const id = (request.params as { id?: string }).id;
    if (typeof id !== 'string') return;
    const manager = await managerOf(ctx, id);
    if (!manager) return;
    if (grant) {
      if (manager.mapsGroups) throw refused(manager, grant[1] === 'sites' ? 'sites' : 'modules');
      return;
    }
    if (request.method === 'DELETE') throw refused(manager, 'account (deactivate or delete them in the directory)');
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const owned = [...ALWAYS_OWNED, ...(manager.mapsGroups ? OWNED_WITH_GROUPS : [])];
    const field = Object.keys(body).find((key) => owned.includes(key));
    if (field !== undefined) throw refused(manager, field === 'username' ? 'e-mail (userName)' : field === 'disabled' ? 'active state' : field);
  });
}
