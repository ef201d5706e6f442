import type { PartnerScope } from './partnerScope.js';

/** The partner-owned things a route may name (http/routeAccess.ts `resource`). */
export type PartnerResource = 'function' | 'mapping' | 'model' | 'graph-node' | 'graph-edge';

/** Who is asking: their uid and the partner scope they see. */
export interface PartnerCaller {
  uid: string;
  scope: PartnerScope;
}

/** Whether the thing `id` names exists and the caller may see it; false answers 404, as if it did not exist. */
export type VisibleTo = (caller: PartnerCaller, id: string) => Promise<boolean>;

/**
 * How the access hook finds out whether a caller sees one partner-owned thing. Each kind is defined
 * once, at start, by whoever holds its store (partners/ownerLookups.ts).
 */
export interface PartnerResources {
  define(kind: PartnerResource, visible: VisibleTo): void;
  visible(kind: PartnerResource, caller: PartnerCaller, id: string): Promise<boolean>;
}

export function createPartnerResources(): PartnerResources {
  const lookups = new Map<PartnerResource, VisibleTo>();
  return {
    define(kind, visible) {
      if (lookups.has(kind)) throw new Error(`The partner resource ${kind} is defined twice`);
      lookups.set(kind, visible);
    },
    async visible(kind, caller, id) {
      const lookup = lookups.get(kind);
      // A route that names a kind nobody defined is a programming error; refuse rather than let it through.
      if (!lookup) throw new Error(`No lookup is defined for the partner resource ${kind}`);
      return lookup(caller, id);
    },
  };
}
