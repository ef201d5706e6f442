import type { Settings } from '../config/types.js';
import { REFERENCE_BIM } from './referenceBim.js';

/** Which BIM project the viewers show, and the client that gets its viewer tokens. */
export interface BimServiceConfig {
  projectId: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The BIM service configuration a browser uses: the one given (a host page's or a deployment's),
 * else, in local mode, the reference cloud's public demo client (REFERENCE_BIM); else none (the
 * viewers stay off). A client secret in a browser is only acceptable for such a public demo client:
 * production should hand out viewer tokens from its backend.
 */
export function bimServiceConfigFor(settings: Pick<Settings, 'local'>, configured?: BimServiceConfig | null): BimServiceConfig | null {
  if (configured && configured.projectId && configured.clientId) return configured;
  if (settings.local) return { projectId: REFERENCE_BIM.projectId, clientId: REFERENCE_BIM.clientId, clientSecret: REFERENCE_BIM.clientSecret };
  return null;
}
