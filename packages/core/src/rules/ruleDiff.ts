import type { NotificationRule, NotificationRules } from '../contract/rules.js';

/** How a site's stored rules differ from the wanted ones (the CLI's `rules apply --dry-run`). */
export interface RuleDiff {
  added: NotificationRule[];
  changed: Array<{ before: NotificationRule; after: NotificationRule }>;
  removed: NotificationRule[];
  unchanged: NotificationRule[];
}

/**
 * The stored rule `a` already is the wanted `b` when channels and users are the same sets, the
 * threshold is equal and so is the name — unless `b` has none (the cloud then keeps `a`'s).
 */
export function sameRule(a: NotificationRule, b: NotificationRule): boolean {
  const sameSet = (x: readonly string[], y: readonly string[]) => x.length === y.length && [...x].sort().join('\n') === [...y].sort().join('\n');
  const sameName = b.name === undefined || a.name === b.name;
  return sameName && a.threshold === b.threshold && sameSet(a.channeltype, b.channeltype) && sameSet(a.users, b.users);
}

export function diffRules(current: NotificationRules, wanted: NotificationRules): RuleDiff {
  const diff: RuleDiff = { added: [], changed: [], removed: [], unchanged: [] };
  for (const [id, after] of Object.entries(wanted)) {
    const before = current[id];
    if (!before) diff.added.push(after);
    else if (sameRule(before, after)) diff.unchanged.push(after);
    else diff.changed.push({ before, after });
  }
  for (const [id, before] of Object.entries(current)) if (!(id in wanted)) diff.removed.push(before);
  return diff;
}

export function isEmptyDiff(diff: RuleDiff): boolean {
  return diff.added.length === 0 && diff.changed.length === 0 && diff.removed.length === 0;
}
