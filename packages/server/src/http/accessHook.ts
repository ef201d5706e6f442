import type { FastifyInstance } from 'fastify';
import type { ModuleKey } from '@varde/core/contract';
import { siteForCaller } from '../controllers/visibleSites.js';
import type { PartnerResource, PartnerResources } from '../partners/partnerResources.js';
import type { CloudServices } from '../services.js';
import { callerOf } from './caller.js';
import { callerProfile } from './callerProfile.js';
import { HttpError } from './HttpError.js';
import { routeAccessOf } from './routeAccess.js';
import { serviceOfPath } from './routeRegistry.js';

/** How a module is named in a refusal. */
const moduleTitles: Partial<Record<ModuleKey, string>> = {
  functions: 'cloud functions',
  apps: 'cloud apps',
  mlexplorer: 'the ML explorer',
  bim: 'the BIM tool',
};

const resourceTitles: Record<PartnerResource, string> = {
  function: 'function named',
  mapping: 'mapping',
  model: 'model',
  'graph-node': 'node',
  'graph-edge': 'edge',
};

/**
 * The one place that enforces what each token-protected route declares (http/routeAccess.ts), before
 * its body is read: a route that declares nothing is closed (403); then the module, the system-admin
 * gate, the site and the partner-owned thing the path names. Another partner's thing answers 404, as
 * if it did not exist. Must be added after the bearer hook, which sets the caller.
 */
export function registerAccessHook(app: FastifyInstance, ctx: Pick<CloudServices, 'db' | 'realtime'>, resources: PartnerResources): void {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || request.routeOptions.config.public === true || serviceOfPath(url) === null) return;
    const access = routeAccessOf(request.method, url);
    if (!access) throw new HttpError(403, `${request.method} ${url} declares no access, so it is closed`);
    const caller = callerOf(request);
    const { uid } = caller;
    // Field by field: a profile may hold thousands of sub-users. Read once for the request (the route may ask too).
    const profile = await callerProfile(ctx, request);
    const { systemAdmin, modules } = profile;
    if (access.owner === 'system-admin' && !systemAdmin) throw new HttpError(403, 'Only a system admin may do this');
    if (access.module && !systemAdmin && !modules.has(access.module)) {
      throw new HttpError(403, `You do not have access to ${moduleTitles[access.module] ?? `the ${access.module} module`}`);
    }
    const named = access.param === undefined ? undefined : (request.params as Record<string, string | undefined>)[access.param];
    if (named === undefined) return;
    if (access.owner === 'site') await siteForCaller(ctx, caller, named);
    if (access.owner === 'partner' && access.resource) {
      if (!(await resources.visible(access.resource, { uid, scope: { partner: profile.partner, all: systemAdmin } }, named))) {
        throw new HttpError(404, `No ${resourceTitles[access.resource]} ${named}`);
      }
    }
  });
}
