import type { ModuleKey } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { profileOf } from '../controllers/visibleSites.js';
import { HttpError } from '../http/HttpError.js';

/**
 * Decision (the spec is silent): faas-manager is open to users with the `functions` module and
 * mappings-manager to users with `apps` (a system admin has every module). Anyone else gets 403.
 */
export async function requireModule(ctx: CloudContext, uid: string, module: ModuleKey, what: string): Promise<void> {
  const profile = await profileOf(ctx, uid);
  if (!profile || (!profile.systemAdmin && profile.moduleAccesses[module] !== true)) {
    throw new HttpError(403, `You do not have access to ${what}`);
  }
}
