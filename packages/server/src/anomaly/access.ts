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
  canSee(model: AnomalyModel): boolean;
  checkTags(tags: readonly ModelTag[]): void;
}

export function explorerCaller(ctx: CloudContext, uid: string, ownerOf: (modelId: string) => string | null): ExplorerCaller {
  const profile = profileOf(ctx, uid);
  if (!profile || (!profile.systemAdmin && profile.moduleAccesses.mlexplorer !== true)) {
    throw new HttpError(403, 'You do not have access to the ML explorer');
  }
  const sites = new Set(visibleSites(ctx, uid).map((site) => site.uuid.toLowerCase()));
  const visible = (controller: string) => sites.has(controller.toLowerCase());
  const scope = partnerScopeOf(ctx, uid);
  return {
    uid,
    partner: scope.partner,
    canSee: (model) => sees(scope, ownerOf(model.model_id) ?? '') && model.tags.every((tag) => visible(tag.controller)),
    checkTags(tags) {
      const foreign = tags.find((tag) => !visible(tag.controller));
      if (foreign) throw new HttpError(403, `You do not have access to controller ${foreign.controller}`);
    },
  };
}
