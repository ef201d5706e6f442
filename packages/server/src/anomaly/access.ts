import type { AnomalyModel, ModelTag } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { profileOf, visibleSites } from '../controllers/visibleSites.js';
import { HttpError } from '../http/HttpError.js';
import { partnerScopeOf, sees } from '../partners/partnerScope.js';

/**
 * Who may do what in the anomaly service (the spec is silent; decisions in the README):
 * the `mlexplorer` module (or system admin) opens it; a model is visible when it is the caller's partner's
 * and every controller in its tags is a site the caller may see; tags may only name such sites.
 */
export interface ExplorerCaller {
  uid: string;
  /** The partner the caller's new models belong to. */
  partner: string;
  canSee(model: AnomalyModel): Promise<boolean>;
  checkTags(tags: readonly ModelTag[]): void;
}

export async function explorerCaller(
  ctx: CloudContext,
  uid: string,
  ownerOf: (modelId: string) => Promise<string | null>,
): Promise<ExplorerCaller> {
  const profile = await profileOf(ctx, uid);
  if (!profile || (!profile.systemAdmin && profile.moduleAccesses.mlexplorer !== true)) {
    throw new HttpError(403, 'You do not have access to the ML explorer');
  }
  const sites = new Set((await visibleSites(ctx, uid)).map((site) => site.uuid.toLowerCase()));
  const visible = (controller: string) => sites.has(controller.toLowerCase());
  const scope = await partnerScopeOf(ctx, uid);
  return {
    uid,
    partner: scope.partner,
    canSee: async (model) => model.tags.every((tag) => visible(tag.controller)) && sees(scope, (await ownerOf(model.model_id)) ?? ''),
    checkTags(tags) {
      const foreign = tags.find((tag) => !visible(tag.controller));
      if (foreign) throw new HttpError(403, `You do not have access to controller ${foreign.controller}`);
    },
  };
}
