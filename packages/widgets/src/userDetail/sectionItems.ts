/** The switches of each access sub-page, from the user, what the actor may give, and names. */
import { moduleKeys, type ManagedUser, type ModuleKey } from '@varde/core/contract';
import type { ExternalLinks } from '@varde/core';
import type { SiteChoice } from '../createUser/siteChoices.js';
import type { AccessToggleItem } from './AccessToggleList.js';

/** Sites: the actor's (merged normal and admin), plus the user's others, which the actor cannot change. */
export function siteItems(user: ManagedUser, actorSites: readonly SiteChoice[], grantable: readonly string[], filter: string): AccessToggleItem[] {
  const canGive = new Set(grantable);
  const known = new Map(actorSites.map((site) => [site.uuid, site.name]));
  const uuids = new Set([...actorSites.map((site) => site.uuid), ...Object.keys(user.controllers)]);
  const needle = filter.trim().toLowerCase();
  return [...uuids]
    .map((uuid) => ({
      key: `sites:${uuid}`,
      label: known.get(uuid) ?? uuid,
      checked: user.controllers[uuid] === true,
      disabled: !canGive.has(uuid),
    }))
    .filter((item) => !needle || item.label.toLowerCase().includes(needle))
    .sort((a, b) => a.label.localeCompare(b.label, 'nb'));
}

/** Modules: every access module (smarttune and insight only when configured); disabled when the actor lacks it. */
export function moduleItems(
  user: ManagedUser,
  grantable: readonly ModuleKey[],
  externalLinks: ExternalLinks,
  label: (key: ModuleKey) => string,
): AccessToggleItem[] {
  const canGive = new Set<string>(grantable);
  return moduleKeys
    .filter((key) => (key === 'smarttune' || key === 'insight' ? Boolean(externalLinks[key]) : true))
    .map((key) => ({ key: `modules:${key}`, label: label(key), checked: user.moduleAccesses[key] === true, disabled: !canGive.has(key) }));
}

/**
 * Licensing partners: only the acting user's own. `listItems` (the page's `listitems` query: ids
 * separated by commas) narrows the list further.
 */
export function partnerItems(user: ManagedUser, actorPartners: readonly string[], names: Record<string, string>, listItems?: string): AccessToggleItem[] {
  const wanted = listItems ? new Set(listItems.split(',').map((id) => id.trim()).filter(Boolean)) : null;
  return actorPartners
    .filter((id) => !wanted || wanted.has(id))
    .map((id) => ({ key: `licensingPartners:${id}`, label: names[id] ?? id, checked: user.licensingPartners[id] === true, disabled: false }))
    .sort((a, b) => a.label.localeCompare(b.label, 'nb'));
}

/** `sites:<uuid>` -> ['sites', '<uuid>']. */
export function splitKey(key: string): [string, string] {
  const at = key.indexOf(':');
  return [key.slice(0, at), key.slice(at + 1)];
}
