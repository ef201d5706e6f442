import { functionName } from '@varde/core/contract';
import type { ModelStore } from '../anomaly/modelStore.js';
import type { FunctionStore } from '../faas/functionStore.js';
import type { GraphStore } from '../graph/graphStore.js';
import { graphVisibility } from '../graph/visibility.js';
import type { MappingStore } from '../mappings/mappingStore.js';
import type { CloudServices } from '../services.js';
import type { PartnerResources } from './partnerResources.js';
import { sees } from './partnerScope.js';

interface Stores {
  functions: Pick<FunctionStore, 'get'>;
  mappings: Pick<MappingStore, 'ownerOf'>;
  models: Pick<ModelStore, 'ownerOf'>;
  graph: Pick<GraphStore, 'node' | 'ownerOf' | 'edges'>;
}

/** How the owner of each partner-owned thing is found, for the access hook (http/accessHook.ts). */
export function defineOwnerLookups(resources: PartnerResources, ctx: Pick<CloudServices, 'db' | 'realtime'>, stores: Stores): void {
  const owned = (owner: string | null, scope: Parameters<typeof sees>[0]) => owner !== null && sees(scope, owner);
  // Functions are named per partner: the name resolves in the caller's scope. A name that breaks the
  // naming rule is let through, so that the route answers 400 with the rule.
  resources.define('function', async ({ scope }, name) => !functionName.safeParse(name).success || (await stores.functions.get(scope, name)) !== null);
  resources.define('mapping', async ({ scope }, uuid) => owned(await stores.mappings.ownerOf(uuid), scope));
  resources.define('model', async ({ scope }, modelId) => owned(await stores.models.ownerOf(modelId), scope));
  resources.define('graph-node', async ({ uid }, uuid) => {
    const node = await stores.graph.node(uuid);
    return node !== undefined && (await (await graphVisibility(ctx, stores.graph, uid)).node(node));
  });
  resources.define('graph-edge', async ({ uid }, uuid) => {
    const [edge] = await stores.graph.edges({ uuid });
    return edge !== undefined && (await (await graphVisibility(ctx, stores.graph, uid)).edge(edge));
  });
}
